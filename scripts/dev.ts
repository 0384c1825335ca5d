// `npm run dev`: the API server restarts on change (tsx watch) and Vite serves the client with hot reload
// on http://localhost:3000, proxying /api and /uploads to the API.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/index.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
