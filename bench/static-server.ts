/** The yardstick for bench/render-cost.ts: bare express.static over a folder, on the given port. */
import express from 'express';

const [dir, port] = process.argv.slice(2);
const app = express();
app.use(express.static(dir!, { extensions: ['html'] }));
app.listen(Number(port), '127.0.0.1', () => console.log(JSON.stringify({ msg: 'listening', port: Number(port) })));
