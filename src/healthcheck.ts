// The container's HEALTHCHECK: exits 0 when GET /__admin/health answers 200 on PORT, 1 otherwise.
// Plain Node, so the image needs no curl.
const port = process.env['PORT'] ?? '4010';
const response = await fetch(`http://127.0.0.1:${port}/__admin/health`, { signal: AbortSignal.timeout(1_500) }).catch(() => undefined);
process.exitCode = response?.ok ? 0 : 1;
