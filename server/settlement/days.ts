/**
 * Settlement days: `YYYY-MM-DD` calendar days in the display time zone (UTC+8 by default), the
 * same zone the screens show dates in. Day strings sort and compare as text.
 */
const DAY_MS = 24 * 3600 * 1000;

/** The day an instant falls on, `utcOffsetMinutes` east of UTC. */
export function dayOf(ms: number, utcOffsetMinutes: number): string {
  return new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** true for a real calendar day written `YYYY-MM-DD` */
export function isDay(text: string): boolean {
  return DAY.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && addDays(text, 0) === text;
}
