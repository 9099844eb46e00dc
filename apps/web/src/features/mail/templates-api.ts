import type { Language } from '@journals/core/enums';
import type {
  MailPreviewResponse,
  MailTemplateRequest,
  MailTemplatesResponse,
  TemplateType,
} from '@journals/core/schemas/mail-templates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/http';

/** The mail-templates screen (issue 22 §3): every message's texts, a save, and a preview of unsaved texts. */

const base = (slug: string) => `/api/journals/${encodeURIComponent(slug)}/mail-templates`;
const key = (slug: string) => ['mail-templates', slug] as const;

export function useMailTemplates(slug: string) {
  return useQuery({ queryKey: key(slug), queryFn: () => api<MailTemplatesResponse>(base(slug)) });
}

export function useSaveMailTemplate(slug: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ type, body }: { type: TemplateType; body: MailTemplateRequest }) =>
      api<{ message: string }>(`${base(slug)}/${type}`, { method: 'PUT', body, globalErrors: false }),
    onSettled: () => queries.invalidateQueries({ queryKey: key(slug) }),
  });
}

export function usePreviewMailTemplate(slug: string) {
  return useMutation({
    mutationFn: ({
      type,
      body,
    }: {
      type: TemplateType;
      body: { language: Language; title: string; content: string };
    }) => api<MailPreviewResponse>(`${base(slug)}/${type}/preview`, { method: 'POST', body, globalErrors: false }),
  });
}
