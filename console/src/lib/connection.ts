// Whether the connection is good enough to fetch what the person may open next (the other sections'
// code) before they ask: not with Save-Data on, nor on a 2G/3G-class link or a slow 4G one (under
// 5 Mbit/s, as the phones Lighthouse's mobile preset stands for). The Network Information API says;
// where the browser does not tell (Safari, Firefox) it is assumed fast.
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
  downlink?: number;
}

export function fastConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  if (connection.effectiveType !== undefined && connection.effectiveType !== '4g') return false;
  return connection.downlink === undefined || connection.downlink >= 5;
}
