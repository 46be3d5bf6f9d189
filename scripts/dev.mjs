// `npm run dev`: the API server and every app in watch mode, each on its own port.
// Shell http://localhost:3000 (remotes from their dev servers), API http://localhost:8080.
import concurrently from 'concurrently';

const devRemotes = JSON.stringify({
  backoffice: 'http://localhost:3001/mf-manifest.json',
  admin: 'http://localhost:3002/mf-manifest.json',
  ordering: 'http://localhost:3003/mf-manifest.json',
});

const { result } = concurrently(
  [
    { name: 'server', command: 'npm run dev -w server', env: { REMOTES_JSON: devRemotes } },
    { name: 'shell', command: 'npm run dev -w shell' },
    { name: 'backoffice', command: 'npm run dev -w backoffice-remote' },
    { name: 'admin', command: 'npm run dev -w admin-remote' },
    { name: 'ordering', command: 'npm run dev -w ordering-remote' },
  ],
  { prefix: 'name', killOthers: ['failure'] },
);
result.catch(() => process.exit(1));
