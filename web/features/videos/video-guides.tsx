import { Bug, FileLock2, KeyRound, ScanLine, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';

/** The workflow, step by step (spec: Video workflow), for the Workflow Guide tab. */
const steps = ['upload', 'scan', 'download', 'edit', 'approve', 'deliver'] as const;

export function WorkflowGuide() {
  const { t } = useTranslation();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold">{t('videos.guide.title')}</h2>
      <ol className="mt-4 grid gap-4">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">{t(`videos.guide.steps.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-zinc-700">{t(`videos.guide.steps.${step}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

const securityTopics: { key: string; icon: ReactNode }[] = [
  { key: 'quarantine', icon: <FileLock2 aria-hidden /> },
  { key: 'scanning', icon: <ScanLine aria-hidden /> },
  { key: 'infected', icon: <Bug aria-hidden /> },
  { key: 'unscanned', icon: <ShieldAlert aria-hidden /> },
  { key: 'access', icon: <KeyRound aria-hidden /> },
];

/** What keeps uploaded files from harming anyone, and what "UNSCANNED" means. */
export function SecurityInfo() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {securityTopics.map((topic) => (
        <Card key={topic.key} className="flex gap-4 p-5">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary [&_svg]:size-5">
            {topic.icon}
          </span>
          <div>
            <h2 className="font-semibold">{t(`videos.security.${topic.key}.title`)}</h2>
            <p className="mt-1 text-sm text-zinc-700">{t(`videos.security.${topic.key}.text`)}</p>
          </div>
        </Card>
      ))}
    </div>
  );
}
