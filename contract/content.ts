/** Banners, notices and links for the home page. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Id } from './common';

export const ContentLinkKind = Type.Union([Type.Literal('banner'), Type.Literal('notice'), Type.Literal('link')]);
export const ContentLink = Type.Object({
  id: Id,
  type: ContentLinkKind,
  title: Type.String(),
  content: Type.String(),
  /** an in-app path ("/calculate") or an https URL */
  url: Type.String(),
  image: Type.String(),
  sort: Type.Integer(),
});
export type ContentLinkType = Static<typeof ContentLink>;

export const contentEndpoints = {
  link: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/content/link', auth: false,
    summary: 'Banners, notices and links', query: Type.Object({ type: Type.Optional(ContentLinkKind) }),
    response: Type.Array(ContentLink),
  }),
};
