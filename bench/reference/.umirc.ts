/**
 * The yardstick of `npm run bench:lighthouse`: a bare Umi + antd sign-in page, built and measured
 * in the same sitting as the app, so that the app's figures can be read against what the stack
 * itself costs on that machine. Nothing of the app: no locale, access, model or request plugin.
 */
import { defineConfig } from '@umijs/max';

export default defineConfig({
  title: 'Umi + antd',
  routes: [{ path: '/', component: 'index' }],
  publicPath: '/',
  hash: true,
  antd: {},
  metas: [{ name: 'viewport', content: 'width=device-width, initial-scale=1' }],
  mfsu: false,
  outputPath: process.env.REFERENCE_OUTPUT_DIR || 'dist',
});
