import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Integrity hashes on the modulepreload links: the hash-based CSP allows them by those hashes (0012).
  subResourceIntegrity: true,
} satisfies Config;
