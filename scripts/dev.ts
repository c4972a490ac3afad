/**
 * `npm run dev`: the API restarts on every server change (node --watch) and the web app
 * reloads in place (Vite on :5173, which forwards /api to the API on PORT).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const api = spawn(
  process.execPath,
  ['--watch-path=server', '--watch-path=common', '--import', 'tsx', 'server/main.ts'],
  { stdio: 'inherit', env: { ...process.env, WEB_DEV_URL: 'http://localhost:5173' } },
);

const web = await createServer({ configFile: 'vite.config.ts' });
await web.listen();
console.log(
  '\n  Web app with hot reload: http://localhost:5173 (API on port %s)\n',
  process.env.PORT ?? 5000,
);

const stop = async () => {
  api.kill('SIGTERM');
  await web.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api.on('exit', (code) => {
  if (code !== null && code !== 0)
    console.error(`API exited with code ${code}; fix the error and save to restart.`);
});
