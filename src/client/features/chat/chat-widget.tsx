// The assistant widget (SPEC section 2 'Other widgets', section 4 'Chat widget'): a floating round button,
// a panel with a close button, the greeting on first open, a typing indicator, the apology on error.
import { Bot, MessageCircle, Send, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { CHAT_APOLOGY, CHAT_GREETING, CHAT_MAX_HISTORY, CHAT_MAX_MESSAGE, splitChatLinks } from '../../../contracts/chat';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { useChatContext } from '../../lib/chat-context';
import { cn } from '../../lib/utils';
import { type ChatMessage, toUserContext, useSendChat } from './api/send-chat';

/** A random short session id, new for every load of the widget. */
const newSessionId = () => Math.random().toString(36).slice(2, 10);

function MessageText({ content }: { content: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {splitChatLinks(content).map((part, i) =>
        part.href ? (
          <Link key={i} href={part.href} className="font-medium text-primary underline underline-offset-2">
            {part.text}
          </Link>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function ChatWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [sessionId] = useState(newSessionId);
  const context = useChatContext();
  const send = useSendChat();
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const pending = send.isPending;

  const toggle = () => {
    setOpen((o) => {
      if (!o && messages.length === 0) setMessages([{ role: 'assistant', content: CHAT_GREETING }]);
      return !o;
    });
  };

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, pending, open]);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = input.trim();
    if (!text || pending) return;
    const history = messages.slice(-CHAT_MAX_HISTORY);
    const userMessage: ChatMessage = { role: 'user', content: text };
    send.mutate(
      { message: text, sessionId, conversationHistory: history, userContext: toUserContext(context) },
      {
        onSuccess: (reply) => {
          setMessages((m) => [...m, userMessage, { role: 'assistant', content: reply.message }]);
          setInput('');
        },
        onError: () => {
          setMessages((m) => [...m, userMessage, { role: 'assistant', content: CHAT_APOLOGY }]);
          setInput('');
        },
      },
    );
  };

  return (
    <div className="print:hidden">
      {open && (
        <section
          id={panelId}
          aria-label="Senior living assistant"
          className="fixed right-4 bottom-24 z-40 flex h-[min(560px,calc(100vh-8rem))] w-[min(400px,calc(100vw-2rem))] flex-col overflow-hidden rounded-2xl border bg-card shadow-2xl"
        >
          <header className="flex items-center justify-between bg-primary px-4 py-3 text-primary-foreground">
            <div className="flex items-center gap-2">
              <Bot aria-hidden="true" className="size-5" />
              <h2 className="font-semibold text-primary-foreground">Senior Living Assistant</h2>
            </div>
            <button type="button" onClick={() => setOpen(false)} aria-label="Close chat" className="rounded-md p-1 hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
              <X aria-hidden="true" className="size-5" />
            </button>
          </header>
          <div className="flex-1 space-y-3 overflow-y-auto p-4 text-[15px]" aria-live="polite" data-testid="chat-messages">
            {messages.map((m, i) => (
              <div key={i} className={cn('flex', m.role === 'user' ? 'justify-end' : 'justify-start')}>
                <div
                  className={cn('max-w-[85%] rounded-2xl px-3.5 py-2', m.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-secondary text-foreground')}
                  data-role={m.role}
                >
                  <MessageText content={m.content} />
                </div>
              </div>
            ))}
            {pending && (
              <div className="flex justify-start" role="status" aria-label="The assistant is typing">
                <div className="flex gap-1 rounded-2xl bg-secondary px-4 py-3">
                  {[0, 150, 300].map((d) => (
                    <span key={d} className="size-2 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${d}ms` }} />
                  ))}
                </div>
              </div>
            )}
            <div ref={endRef} />
          </div>
          <form onSubmit={submit} className="flex gap-2 border-t p-3">
            <label htmlFor={`${panelId}-input`} className="sr-only">
              Your message
            </label>
            <Input
              id={`${panelId}-input`}
              ref={inputRef}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              placeholder="Ask about communities, care or prices..."
              maxLength={CHAT_MAX_MESSAGE}
              disabled={pending}
              autoComplete="off"
            />
            <Button type="submit" size="icon" disabled={pending || input.trim() === ''} aria-label="Send message">
              <Send aria-hidden="true" />
            </Button>
          </form>
        </section>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={open ? 'Close chat assistant' : 'Open chat assistant'}
        data-print-hide
        className="fixed right-4 bottom-4 z-40 flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition hover:bg-primary-hover focus-visible:ring-4 focus-visible:ring-primary/40 focus-visible:outline-none"
      >
        {open ? <X aria-hidden="true" className="size-7" /> : <MessageCircle aria-hidden="true" className="size-7" />}
      </button>
    </div>
  );
}
