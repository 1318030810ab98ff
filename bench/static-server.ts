/**
 * The yardstick for bench/render-cost.ts: express.static over a folder of pages and their .br/.gz copies,
 * sending brotli or gzip to clients that take them (express-static-gzip), on the given port.
 */
import express from 'express';
import expressStaticGzip from 'express-static-gzip';

const [dir, port] = process.argv.slice(2);
const app = express();
app.use(
  expressStaticGzip(dir!, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    serveStatic: { extensions: ['html'] },
  }),
);
app.listen(Number(port), '127.0.0.1', () => console.log(JSON.stringify({ msg: 'listening', port: Number(port) })));
