import type { Language } from '@journals/core/enums';
import { specFieldName } from '@journals/core/errors';
import { TIMINGS } from '@journals/core/limits';
import {
  MAIL_TEMPLATE_LIMITS,
  type MailPreviewResponse,
  type MailTemplateItem,
  type MailTemplateRequest,
  mailTemplateRequest,
  placeholderToken,
  type TemplateType,
} from '@journals/core/schemas/mail-templates';
import {
  Accordion,
  Badge,
  Button,
  Code,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { HtmlContent } from '../../components/HtmlContent';
import { QueryView } from '../../components/QueryView';
import { RichTextField } from '../../components/RichTextField';
import { parseErrors, serverErrors, useFieldErrors } from '../../lib/field-errors';
import { required } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n';
import { useJournal } from '../../lib/journal';
import { useMailTemplates, usePreviewMailTemplate, useSaveMailTemplate } from './templates-api';
import { ScreenHeading } from '../../components/ScreenHeading';

const toast = (color: 'green' | 'red', message: string) =>
  notifications.show({ color, message, autoClose: color === 'green' ? TIMINGS.toastMs : 6000 });

/**
 * The mail-templates screen (spec 03 "Mail template", §5; issue 22 §3): choose a message, edit its titles and texts
 * in both languages with the placeholders of that message listed beside them, save, and preview the unsaved texts
 * filled with the journal's newest paper in either language.
 */
export function MailTemplatesPage() {
  const { t } = useTranslation();
  const { slug } = useJournal();
  const query = useMailTemplates(slug);
  const [type, setType] = useState<TemplateType | null>(null);

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('backoffice.screen_mailContent')} intro={t('mailTemplates.intro')} />
      <QueryView query={query} failedTitle={t('mailTemplates.load_failed')}>
        {(data) => {
          const chosen = data.items.find((item) => item.type === type) ?? null;
          return (
            <Stack gap="md">
              <Select
                maw={420}
                label={t('mailTemplates.type_label')}
                placeholder={t('mailTemplates.type_placeholder')}
                data={data.items.map((item) => ({ value: item.type, label: t(`outbox.kind_${item.type}`) }))}
                value={type}
                onChange={(value) => setType(value as TemplateType | null)}
                searchable
                nothingFoundMessage={t('mailTemplates.type_placeholder')}
                data-testid="template-type"
              />
              {chosen ? (
                <TemplateForm key={chosen.type} slug={slug} item={chosen} />
              ) : (
                <Paper withBorder radius="lg" p="lg">
                  <Text c="gray.7">{t('mailTemplates.not_chosen')}</Text>
                </Paper>
              )}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}

function TemplateForm({ slug, item }: { slug: string; item: MailTemplateItem }) {
  const { t } = useTranslation();
  const save = useSaveMailTemplate(slug);
  const preview = usePreviewMailTemplate(slug);
  const { setErrors, errorOf } = useFieldErrors();
  const [values, setValues] = useState<MailTemplateRequest>({
    enTitle: item.enTitle,
    arTitle: item.arTitle,
    enContent: item.enContent,
    arContent: item.arContent,
  });
  const [shown, setShown] = useState<{ language: Language; answer: MailPreviewResponse } | null>(null);
  const set = (name: keyof MailTemplateRequest, value: string) => {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [specFieldName([name])]: [] }));
  };

  const submit = () => {
    const parsed = mailTemplateRequest.safeParse(values);
    if (!parsed.success) return setErrors(parseErrors(parsed.error.issues));
    setErrors({});
    save.mutate(
      { type: item.type, body: values },
      {
        onSuccess: (answer) => toast('green', answer.message),
        onError: (error) => {
          setErrors(serverErrors(error));
          toast('red', error.message);
        },
      },
    );
  };

  const showPreview = (language: Language) =>
    preview.mutate(
      {
        type: item.type,
        body: {
          language,
          title: language === 'ar' ? values.arTitle : values.enTitle,
          content: language === 'ar' ? values.arContent : values.enContent,
        },
      },
      {
        onSuccess: (answer) => setShown({ language, answer }),
        onError: (error) => toast('red', error.message || t('mailTemplates.preview_failed')),
      },
    );

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder radius="lg" p="md">
          <form
            noValidate
            data-testid="template-form"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} fz="lg">
                  {t(`outbox.kind_${item.type}`)}
                </Title>
                <Badge variant="light" color={item.edited ? 'blue' : 'gray'} data-testid="template-origin">
                  {t(item.edited ? 'mailTemplates.edited' : 'mailTemplates.default_text')}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {(['enTitle', 'arTitle'] as const).map((name) => (
                  <TextInput
                    key={name}
                    label={t(`mailTemplates.${name === 'enTitle' ? 'en_title' : 'ar_title'}`)}
                    value={values[name]}
                    onChange={(event) => set(name, event.currentTarget.value)}
                    error={errorOf(specFieldName([name]))}
                    dir={name === 'arTitle' ? 'rtl' : 'ltr'}
                    maxLength={MAIL_TEMPLATE_LIMITS.title + 10}
                    {...required}
                  />
                ))}
              </SimpleGrid>
              <RichTextField
                label={t('mailTemplates.en_content')}
                value={values.enContent}
                onChange={(html) => set('enContent', html)}
                language="en"
                error={errorOf(specFieldName(['enContent']))}
                field={specFieldName(['enContent'])}
              />
              <RichTextField
                label={t('mailTemplates.ar_content')}
                value={values.arContent}
                onChange={(html) => set('arContent', html)}
                language="ar"
                error={errorOf(specFieldName(['arContent']))}
                field={specFieldName(['arContent'])}
              />
              <Group justify="flex-end" wrap="wrap">
                {(['en', 'ar'] as const).map((language) => (
                  <Button
                    key={language}
                    variant="default"
                    leftSection={<IconEye size={16} aria-hidden />}
                    loading={preview.isPending && preview.variables?.body.language === language}
                    onClick={() => showPreview(language)}
                    data-testid={`preview-${language}`}
                  >
                    {t(`mailTemplates.preview_${language}`)}
                  </Button>
                ))}
                <Button type="submit" loading={save.isPending} data-testid="save-template">
                  {t('mailTemplates.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Placeholders item={item} />
      </Grid.Col>
      <PreviewDialog shown={shown} onClose={() => setShown(null)} />
    </Grid>
  );
}

/** The side hint (spec 03 §3): the message's placeholders, each with what it becomes; a click copies it. */
function Placeholders({ item }: { item: MailTemplateItem }) {
  const { t } = useTranslation();
  const copy = (token: string) => {
    void navigator.clipboard
      ?.writeText(token)
      .then(() => notifications.show({ message: t('mailTemplates.copied', { name: token }), autoClose: 2000 }))
      .catch(() => undefined);
  };
  return (
    <Paper withBorder radius="lg" p="md" component="aside" aria-labelledby="placeholders-title">
      <Stack gap="sm">
        <Title order={2} fz="md" id="placeholders-title">
          {t('mailTemplates.placeholders_title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('mailTemplates.placeholders_hint')}
        </Text>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="placeholders">
          {item.placeholders.map((name) => {
            const token = placeholderToken(name);
            return (
              <li key={name}>
                <UnstyledButton onClick={() => copy(token)} style={{ display: 'block', width: '100%' }}>
                  <Code dir="ltr" fz="xs">
                    {token}
                  </Code>
                  <Text size="xs" c="gray.7">
                    {t(`mailTemplates.ph_${name}`)}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

function PreviewDialog({
  shown,
  onClose,
}: {
  shown: { language: Language; answer: MailPreviewResponse } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const answer = shown?.answer;
  return (
    <Modal opened={shown !== null} onClose={onClose} title={t('mailTemplates.preview_title')} size="xl">
      {answer && shown && (
        <Stack gap="sm" data-testid="template-preview">
          <Text size="sm" c="gray.7">
            {answer.paperCode
              ? t('mailTemplates.preview_paper', { code: `\u2066${answer.paperCode}\u2069` })
              : t('mailTemplates.preview_sample')}
          </Text>
          <Paper withBorder radius="md" p="sm" bg="gray.0">
            <Text size="xs" c="gray.7">
              {t('mailTemplates.preview_subject')}
            </Text>
            <Text fw={600} dir={shown.language === 'ar' ? 'rtl' : 'ltr'} data-testid="preview-subject">
              {answer.subject}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="md" data-testid="preview-body">
            <HtmlContent html={answer.html} />
          </Paper>
          <Accordion variant="contained">
            <Accordion.Item value="text">
              <Accordion.Control>{t('mailTemplates.preview_text')}</Accordion.Control>
              <Accordion.Panel>
                <Text
                  component="pre"
                  size="sm"
                  dir={shown.language === 'ar' ? 'rtl' : 'ltr'}
                  style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', margin: 0 }}
                  data-testid="preview-text"
                >
                  {answer.text}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Stack>
      )}
    </Modal>
  );
}
