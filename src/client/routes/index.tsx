import { createFileRoute } from '@tanstack/react-router';
import { AboutSection } from '../components/home/AboutSection';
import { ContactSection } from '../components/home/ContactSection';
import { EventsTeaserSection } from '../components/home/EventsTeaserSection';
import { GallerySection } from '../components/home/GallerySection';
import { HeroSection } from '../components/home/HeroSection';
import { galleryQuery } from '../components/home/queries';
import { ProgramsSection } from '../components/home/ProgramsSection';
import { SiteFooter } from '../components/home/SiteFooter';
import { announcementsQuery, eventsQuery } from '../components/events/queries';
import { publicPageHead } from '../lib/page-title';

export const Route = createFileRoute('/')({
  head: publicPageHead('/'),
  // Start the data early but do not wait for it: the page is useful at once, and each section shows
  // its own loading state (8 gallery placeholders) or fallback (built-in photos) instead of blocking.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(galleryQuery());
    void queryClient.prefetchQuery(eventsQuery());
    void queryClient.prefetchQuery(announcementsQuery());
  },
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <main>
        <HeroSection />
        <ProgramsSection />
        <GallerySection />
        <AboutSection />
        <EventsTeaserSection />
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
