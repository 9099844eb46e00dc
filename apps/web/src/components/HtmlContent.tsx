import '@mantine/core/styles/Typography.layer.css';
import { Typography } from '@mantine/core';

/** Journal texts arrive as HTML already sanitized by the server; shown inside typographic styles. */
export function HtmlContent({ html }: { html: string }) {
  return <Typography className="html-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
