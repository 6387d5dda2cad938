/**
 * Security headers. The Content-Security-Policy is the one the built app runs under: scripts only
 * from our origin (dist/index.html has no inline script), inline styles allowed because antd
 * injects its CSS-in-JS at run time, images also from data: URIs (seeded pictures) and https.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.register(helmet, {
    // no upgrade-insecure-requests: the app is also opened over plain http on a LAN address
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  });
}
