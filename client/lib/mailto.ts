/** A mailto: link with a subject and body, each encoded, for PRODUCT's pre-filled e-mails. */
export function mailtoUrl(to: string, subject: string, body: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Opens the user's mail client with the message (PRODUCT §7: support goes through e-mail). */
export function openMailClient(to: string, subject: string, body: string): void {
  window.location.href = mailtoUrl(to, subject, body);
}
