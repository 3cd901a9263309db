import { render } from '@react-email/render';
import { useEffect, useState, type ReactElement } from 'react';
import { expect, waitFor, within } from 'storybook/test';

/**
 * An e-mail's HTML, rendered by React Email as the provider renders it, in a frame of its own (an e-mail
 * is a whole document): what the e-mail stories show.
 */
export function EmailFrame({ element, title }: { element: ReactElement; title: string }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void render(element).then((h) => live && setHtml(h));
    return () => {
      live = false;
    };
  }, [element]);
  return <iframe title={title} srcDoc={html ?? ''} className="h-[100dvh] w-full border-0 bg-white" />;
}

/** The frame's document once the e-mail is in it (it says `ready`). */
export async function emailIn(canvasElement: HTMLElement, title: string, ready: string) {
  const frame = within(canvasElement).getByTitle(title) as HTMLIFrameElement;
  await waitFor(() => expect(frame.contentDocument?.body?.textContent ?? '').toContain(ready), { timeout: 5000 });
  return within(frame.contentDocument!.body);
}
