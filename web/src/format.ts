export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  return usd < 0.01 ? `$${usd.toFixed(6).replace(/0+$/, '')}` : `$${usd.toFixed(4).replace(/0{1,2}$/, '')}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${Math.floor(s % 60)} s`;
}

export function relativeTime(iso: string): string {
  const ago = (Date.now() - Date.parse(iso)) / 1000;
  if (ago < 60) return `${Math.max(0, Math.round(ago))} s ago`;
  if (ago < 3600) return `${Math.round(ago / 60)} min ago`;
  if (ago < 86400) return `${Math.round(ago / 3600)} h ago`;
  return new Date(iso).toLocaleString();
}
