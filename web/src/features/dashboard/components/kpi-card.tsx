// One KPI card of the dashboard: an icon, a label and a number.
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/web/src/components/ui/card';
import { cn } from '@/web/src/lib/utils';

type KpiCardProps = { label: string; value: number; icon: LucideIcon; tone: string };

const formatter = new Intl.NumberFormat('fr-FR');

export function KpiCard({ label, value, icon: Icon, tone }: KpiCardProps) {
  return (
    <Card className="flex items-center gap-4 p-5" data-testid="kpi-card">
      <div className={cn('flex size-12 shrink-0 items-center justify-center rounded-xl', tone)}>
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {formatter.format(value)}
        </p>
      </div>
    </Card>
  );
}
