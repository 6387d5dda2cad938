/**
 * The invite poster: what it says (the model, pure and testable) and how it is drawn on a canvas
 * (750 × 1100 px, twice a phone's width so it stays sharp when saved). The poster is an image to
 * pass around, so it has its own colours whatever the app's theme; its QR code is dark on white.
 */
import type { InviteDetailsType } from '../../../../contract/invite';

export interface PosterModel {
  appName: string;
  headline: string;
  qrValue: string;
  qrHint: string;
  codeLabel: string;
  code: string;
  link: string;
}

type Translate = (id: string, values?: Record<string, string | number>) => string;

export function posterModel(details: Pick<InviteDetailsType, 'code' | 'link'>, appName: string, t: Translate): PosterModel {
  return {
    appName,
    headline: t('invitePoster.headline', { app: appName }),
    // the code a friend scans is the link itself: it opens the sign-in page with the code filled in
    qrValue: details.link,
    qrHint: t('invitePoster.qrHint'),
    codeLabel: t('invite.code'),
    code: details.code,
    link: details.link,
  };
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1100;
const CARD = { x: 60, y: 250, width: 630, height: 790, radius: 24 };
const QR = { size: 400, y: 300 };
const FONT = '-apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/** The lines `text` takes at `maxWidth` in the context's font, broken anywhere (a link has no spaces). */
export function wrapText(ctx: Pick<CanvasRenderingContext2D, 'measureText'>, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (line && ctx.measureText(line + char).width > maxWidth) {
      lines.push(line);
      line = char;
    } else {
      line += char;
    }
  }
  return line ? [...lines, line] : lines;
}

/** A rounded rectangle path by arcs: `roundRect` is missing from older in-wallet browsers. */
function roundedRect(ctx: CanvasRenderingContext2D, { x, y, width, height, radius }: typeof CARD): void {
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + width, y, x + width, y + height, radius);
  ctx.arcTo(x + width, y + height, x, y + height, radius);
  ctx.arcTo(x, y + height, x, y, radius);
  ctx.arcTo(x, y, x + width, y, radius);
  ctx.closePath();
}

/** Draws the poster with the QR code taken from an already drawn canvas (antd QRCode's). */
export function drawPoster(ctx: CanvasRenderingContext2D, model: PosterModel, qr: CanvasImageSource): void {
  const centre = POSTER_WIDTH / 2;
  const background = ctx.createLinearGradient(0, 0, 0, POSTER_HEIGHT);
  background.addColorStop(0, '#1677ff');
  background.addColorStop(1, '#0b3d91');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 64px ${FONT}`;
  ctx.fillText(model.appName, centre, 130);
  ctx.font = `32px ${FONT}`;
  ctx.fillText(model.headline, centre, 195, POSTER_WIDTH - 80);

  ctx.fillStyle = '#ffffff';
  roundedRect(ctx, CARD);
  ctx.fill();

  ctx.drawImage(qr, centre - QR.size / 2, QR.y, QR.size, QR.size);
  ctx.fillStyle = '#595959';
  ctx.font = `26px ${FONT}`;
  ctx.fillText(model.qrHint, centre, QR.y + QR.size + 50, CARD.width - 60);

  ctx.font = `28px ${FONT}`;
  ctx.fillText(model.codeLabel, centre, 840);
  ctx.fillStyle = '#141414';
  ctx.font = `bold 64px ${FONT}`;
  ctx.fillText(model.code, centre, 915, CARD.width - 60);

  ctx.fillStyle = '#8c8c8c';
  ctx.font = `22px ${FONT}`;
  wrapText(ctx, model.link, CARD.width - 80)
    .slice(0, 3)
    .forEach((line, index) => ctx.fillText(line, centre, 970 + index * 30));
}

/** The poster as a PNG data URL, or null when the browser cannot draw (no 2D context). */
export function renderPoster(model: PosterModel, qr: CanvasImageSource, doc: Document = document): string | null {
  const canvas = doc.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawPoster(ctx, model, qr);
  return canvas.toDataURL('image/png');
}
