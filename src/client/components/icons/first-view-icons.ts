import { createElement, type JSX, type SVGProps } from 'react';

/**
 * The icons the parent dashboard's first view and the site header draw (ADR 107): lucide's own drawings (lucide-react
 * 1.75, ISC licence), copied as data into one module and drawn with lucide's attributes. Through lucide-react each
 * icon was a chunk of its own beside lucide's runtime, about 7 KB of the dashboard's first load; here they are one
 * small module. Other screens keep importing lucide-react. tests/unit/first-view-icons.test.ts draws each one beside
 * lucide-react's own, so an upgrade that redraws an icon fails there.
 */
export type IconProps = SVGProps<SVGSVGElement>;
export type IconComponent = (props: IconProps) => JSX.Element;
type IconNode = readonly (readonly [string, Readonly<Record<string, string>>])[];

function icon(name: string, node: IconNode): IconComponent {
  return function Icon({ className, ...props }: IconProps) {
    // As lucide: hidden from assistive technology unless the caller names it.
    const named = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined || props.role !== undefined;
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: 24,
        height: 24,
        viewBox: '0 0 24 24',
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth: 2,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: `lucide lucide-${name}${className ? ` ${className}` : ''}`,
        ...(named ? {} : { 'aria-hidden': true }),
        ...props,
      },
      node.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes })),
    );
  };
}

/** Each icon's lucide name and drawing. */
export const ICON_NODES = {
  ClipboardPen: [
    'clipboard-pen',
    [
      ['path', { d: 'M16 4h2a2 2 0 0 1 2 2v2' }],
      [
        'path',
        {
          d: 'M21.34 15.664a1 1 0 1 0-3.004-3.004l-5.01 5.012a2 2 0 0 0-.506.854l-.837 2.87a.5.5 0 0 0 .62.62l2.87-.837a2 2 0 0 0 .854-.506z',
        },
      ],
      ['path', { d: 'M8 22H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2' }],
      ['rect', { x: '8', y: '2', width: '8', height: '4', rx: '1' }],
    ],
  ],
  Phone: [
    'phone',
    [
      [
        'path',
        {
          d: 'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384',
        },
      ],
    ],
  ],
  RotateCw: [
    'rotate-cw',
    [
      ['path', { d: 'M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8' }],
      ['path', { d: 'M21 3v5h-5' }],
    ],
  ],
  ArrowLeft: [
    'arrow-left',
    [
      ['path', { d: 'm12 19-7-7 7-7' }],
      ['path', { d: 'M19 12H5' }],
    ],
  ],
  Baby: [
    'baby',
    [
      ['path', { d: 'M10 16c.5.3 1.2.5 2 .5s1.5-.2 2-.5' }],
      ['path', { d: 'M15 12h.01' }],
      [
        'path',
        {
          d: 'M19.38 6.813A9 9 0 0 1 20.8 10.2a2 2 0 0 1 0 3.6 9 9 0 0 1-17.6 0 2 2 0 0 1 0-3.6A9 9 0 0 1 12 3c2 0 3.5 1.1 3.5 2.5s-.9 2.5-2 2.5c-.8 0-1.5-.4-1.5-1',
        },
      ],
      ['path', { d: 'M9 12h.01' }],
    ],
  ],
  BookOpen: [
    'book-open',
    [
      ['path', { d: 'M12 5v16' }],
      [
        'path',
        {
          d: 'M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z',
        },
      ],
    ],
  ],
  CalendarDays: [
    'calendar-days',
    [
      ['path', { d: 'M8 2v3' }],
      ['path', { d: 'M16 2v3' }],
      ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
      ['path', { d: 'M3 9h18' }],
      ['path', { d: 'M8 13h.01' }],
      ['path', { d: 'M12 13h.01' }],
      ['path', { d: 'M16 13h.01' }],
      ['path', { d: 'M8 17h.01' }],
      ['path', { d: 'M12 17h.01' }],
      ['path', { d: 'M16 17h.01' }],
    ],
  ],
  Camera: [
    'camera',
    [
      [
        'path',
        {
          d: 'M13.997 4a2 2 0 0 1 1.76 1.05l.486.9A2 2 0 0 0 18.003 7H20a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V9a2 2 0 0 1 2-2h1.997a2 2 0 0 0 1.759-1.048l.489-.904A2 2 0 0 1 10.004 4z',
        },
      ],
      ['circle', { cx: '12', cy: '13', r: '3' }],
    ],
  ],
  DoorOpen: [
    'door-open',
    [
      ['path', { d: 'M10 21H2' }],
      ['path', { d: 'M10 3H7a2 2 0 00-2 2v16' }],
      ['path', { d: 'M14 12h.01' }],
      ['path', { d: 'M19 21V5a2 2 0 00-1.675-1.974l-6.163-1.013A1 1 0 0010 3v18a1 1 0 001.124.992z' }],
      ['path', { d: 'M22 21h-3' }],
    ],
  ],
  Download: [
    'download',
    [
      ['path', { d: 'M12 15V3' }],
      ['path', { d: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4' }],
      ['path', { d: 'm7 10 5 5 5-5' }],
    ],
  ],
  KeyRound: [
    'key-round',
    [
      [
        'path',
        {
          d: 'M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z',
        },
      ],
      ['circle', { cx: '16.5', cy: '7.5', r: '.5', fill: 'currentColor' }],
    ],
  ],
  Languages: [
    'languages',
    [
      ['path', { d: 'm5 8 6 6' }],
      ['path', { d: 'm4 14 6-6 2-3' }],
      ['path', { d: 'M2 5h12' }],
      ['path', { d: 'M7 2h1' }],
      ['path', { d: 'm22 22-5-10-5 10' }],
      ['path', { d: 'M14 18h6' }],
    ],
  ],
  LogIn: [
    'log-in',
    [
      ['path', { d: 'm10 17 5-5-5-5' }],
      ['path', { d: 'M15 12H3' }],
      ['path', { d: 'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4' }],
    ],
  ],
  LogOut: [
    'log-out',
    [
      ['path', { d: 'm16 17 5-5-5-5' }],
      ['path', { d: 'M21 12H9' }],
      ['path', { d: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4' }],
    ],
  ],
  Menu: [
    'menu',
    [
      ['path', { d: 'M4 5h16' }],
      ['path', { d: 'M4 12h16' }],
      ['path', { d: 'M4 19h16' }],
    ],
  ],
  MessageSquareText: [
    'message-square-text',
    [
      [
        'path',
        { d: 'M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z' },
      ],
      ['path', { d: 'M7 11h10' }],
      ['path', { d: 'M7 15h6' }],
      ['path', { d: 'M7 7h8' }],
    ],
  ],
  Milk: [
    'milk',
    [
      ['path', { d: 'M8 2h8' }],
      [
        'path',
        {
          d: 'M9 2v2.789a4 4 0 0 1-.672 2.219l-.656.984A4 4 0 0 0 7 10.212V20a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2v-9.789a4 4 0 0 0-.672-2.219l-.656-.984A4 4 0 0 1 15 4.788V2',
        },
      ],
      ['path', { d: 'M7 15a6.472 6.472 0 0 1 5 0 6.47 6.47 0 0 0 5 0' }],
    ],
  ],
  Moon: [
    'moon',
    [['path', { d: 'M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401' }]],
  ],
  NotebookPen: [
    'notebook-pen',
    [
      ['path', { d: 'M13.4 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-7.4' }],
      ['path', { d: 'M2 6h4' }],
      ['path', { d: 'M2 10h4' }],
      ['path', { d: 'M2 14h4' }],
      ['path', { d: 'M2 18h4' }],
      [
        'path',
        {
          d: 'M21.378 5.626a1 1 0 1 0-3.004-3.004l-5.01 5.012a2 2 0 0 0-.506.854l-.837 2.87a.5.5 0 0 0 .62.62l2.87-.837a2 2 0 0 0 .854-.506z',
        },
      ],
    ],
  ],
  Settings: [
    'settings',
    [
      [
        'path',
        {
          d: 'M9.671 4.136a2.34 2.34 0 0 1 4.659 0 2.34 2.34 0 0 0 3.319 1.915 2.34 2.34 0 0 1 2.33 4.033 2.34 2.34 0 0 0 0 3.831 2.34 2.34 0 0 1-2.33 4.033 2.34 2.34 0 0 0-3.319 1.915 2.34 2.34 0 0 1-4.659 0 2.34 2.34 0 0 0-3.32-1.915 2.34 2.34 0 0 1-2.33-4.033 2.34 2.34 0 0 0 0-3.831A2.34 2.34 0 0 1 6.35 6.051a2.34 2.34 0 0 0 3.319-1.915',
        },
      ],
      ['circle', { cx: '12', cy: '12', r: '3' }],
    ],
  ],
  Smile: [
    'face-slightly-smiling',
    [
      ['path', { d: 'M15 10V9' }],
      ['path', { d: 'M16.472 15a6 6 0 01-8.943 0' }],
      ['path', { d: 'M9 10V9' }],
      ['circle', { cx: '12', cy: '12', r: '10' }],
    ],
  ],
  Sparkles: [
    'sparkles',
    [
      [
        'path',
        {
          d: 'M11.017 2.814a1 1 0 0 1 1.966 0l1.051 5.558a2 2 0 0 0 1.594 1.594l5.558 1.051a1 1 0 0 1 0 1.966l-5.558 1.051a2 2 0 0 0-1.594 1.594l-1.051 5.558a1 1 0 0 1-1.966 0l-1.051-5.558a2 2 0 0 0-1.594-1.594l-5.558-1.051a1 1 0 0 1 0-1.966l5.558-1.051a2 2 0 0 0 1.594-1.594z',
        },
      ],
      ['path', { d: 'M20 2v4' }],
      ['path', { d: 'M22 4h-4' }],
      ['circle', { cx: '4', cy: '20', r: '2' }],
    ],
  ],
  Toilet: [
    'toilet',
    [
      [
        'path',
        {
          d: 'M7 12h13a1 1 0 0 1 1 1 5 5 0 0 1-5 5h-.598a.5.5 0 0 0-.424.765l1.544 2.47a.5.5 0 0 1-.424.765H5.402a.5.5 0 0 1-.424-.765L7 18',
        },
      ],
      ['path', { d: 'M8 18a5 5 0 0 1-5-5V4a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v8' }],
    ],
  ],
  Utensils: [
    'utensils',
    [
      ['path', { d: 'M3 2v7c0 1.1.9 2 2 2h4a2 2 0 0 0 2-2V2' }],
      ['path', { d: 'M7 2v20' }],
      ['path', { d: 'M21 15V2a5 5 0 0 0-5 5v6c0 1.1.9 2 2 2h3Zm0 0v7' }],
    ],
  ],
  X: [
    'x',
    [
      ['path', { d: 'M18 6 6 18' }],
      ['path', { d: 'm6 6 12 12' }],
    ],
  ],
} as const satisfies Record<string, readonly [string, IconNode]>;

export const ArrowLeft = icon(...ICON_NODES.ArrowLeft);
export const Baby = icon(...ICON_NODES.Baby);
export const BookOpen = icon(...ICON_NODES.BookOpen);
export const CalendarDays = icon(...ICON_NODES.CalendarDays);
export const Camera = icon(...ICON_NODES.Camera);
export const DoorOpen = icon(...ICON_NODES.DoorOpen);
export const Download = icon(...ICON_NODES.Download);
export const KeyRound = icon(...ICON_NODES.KeyRound);
export const Languages = icon(...ICON_NODES.Languages);
export const LogIn = icon(...ICON_NODES.LogIn);
export const LogOut = icon(...ICON_NODES.LogOut);
export const Menu = icon(...ICON_NODES.Menu);
export const MessageSquareText = icon(...ICON_NODES.MessageSquareText);
export const Milk = icon(...ICON_NODES.Milk);
export const Moon = icon(...ICON_NODES.Moon);
export const NotebookPen = icon(...ICON_NODES.NotebookPen);
export const Settings = icon(...ICON_NODES.Settings);
export const Smile = icon(...ICON_NODES.Smile);
export const Sparkles = icon(...ICON_NODES.Sparkles);
export const Toilet = icon(...ICON_NODES.Toilet);
export const Utensils = icon(...ICON_NODES.Utensils);
export const X = icon(...ICON_NODES.X);
export const ClipboardPen = icon(...ICON_NODES.ClipboardPen);
export const Phone = icon(...ICON_NODES.Phone);
export const RotateCw = icon(...ICON_NODES.RotateCw);
