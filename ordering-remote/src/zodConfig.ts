import { z } from 'zod';

/*
 * Zod 4 probes `new Function('')` the first time it parses, to compile faster validators. The
 * server's Content-Security-Policy has no 'unsafe-eval', so the probe is refused and the browser
 * reports a CSP violation on every storefront load (Lighthouse's best practices count it). The
 * storefront parses a few small objects: the interpreted validators are as fast here.
 */
z.config({ jitless: true });
