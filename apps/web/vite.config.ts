import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // altcha and the Mantine bundle are large on their own; keep the warning for real regressions only.
    chunkSizeWarningLimit: 1000,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/manual.pdf': 'http://localhost:3000' },
  },
});
