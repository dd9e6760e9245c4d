/** A message's clock time: "3:45 PM" today, "Jan 5, 3:45 PM" on other days. */
export function formatMessageTime(when: Date | string, now: Date = new Date()): string {
  const date = new Date(when);
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (date.toDateString() === now.toDateString()) return time;
  const day = date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${day}, ${time}`;
}
