// Placeholder created by the client shell; the chat engineer replaces it.
export function ChatWidget() {
  return null;
}
