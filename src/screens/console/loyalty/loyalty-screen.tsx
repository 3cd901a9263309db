import { useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLingui as useSpokenLanguage } from '#i18n/use-lingui';
import type { LoyaltyRule, LoyaltyRuleInput, RuleStatus } from '#contract/loyalty';
import { Badge, Button, Card, ConfirmRemove, EmptyState, ErrorState, Notice } from '../../../ui';
import type { EditorPageProps, SaveProblem } from '../shared/editor-fields';
import type { StampProgram, StampProgramInput } from '#contract/stamps';
import { CardsLoading, StatusButtons, STATUS_TONE, useStatusChanges } from './loyalty-parts';
import { LoyaltyRuleEditor, type SimulateOutcome } from './loyalty-rule-editor';
import { StampEditorPage, type StampReward } from './loyalty-stamp-editor';
import { StampCardsSection, type StampCardsProps } from './loyalty-stamps';
import { SampleOrder, type SampleOrderProps } from './sample-order';
import { earningRuleOf, KIND_TITLE, ruleSummary, type RuleMenu } from './loyalty-words';
import { spoken } from '../shared/spoken';

export interface LoyaltyScreenProps extends EditorPageProps {
  rules?: LoyaltyRule[] | undefined;
  /** owners change the rules; staff read them */
  canEdit: boolean;
  /** the menu, to name and choose products and categories; undefined while it loads */
  menu?: RuleMenu | undefined;
  /** minor units that earn one point (the shop settings) */
  pointsPerAmount: number;
  /** id null: a new rule. Answers null when saved, else what the provider refused. */
  onSave: (id: number | null, rule: LoyaltyRuleInput) => Promise<SaveProblem | null>;
  /** answers null when done, else why not */
  onStatus: (id: number, status: RuleStatus) => Promise<string | null>;
  onSimulate: (rule: LoyaltyRuleInput) => Promise<SimulateOutcome>;
  /** the stamp cards, below the rules (absent: not shown) */
  stamps?: StampsProps | undefined;
  /** owners: a sample order priced with the rules running now and an offer (absent: not shown) */
  sampleOrder?: Pick<SampleOrderProps, 'codes' | 'onPrice'> | undefined;
}

/** The stamp cards' list and its editor's needs. */
export interface StampsProps extends StampCardsProps {
  /** the catalogue's active rewards, for a full card's reward; undefined while they load */
  rewards?: readonly StampReward[] | undefined;
  /** id null: a new programme. Answers null when saved, else what the provider refused. */
  onSave: (id: number | null, program: StampProgramInput) => Promise<SaveProblem | null>;
}

const GROUPS: ReadonlyArray<{ status: RuleStatus }> = [{ status: 'active' }, { status: 'paused' }, { status: 'ended' }];
const GROUP_TITLE = spoken<RuleStatus>({ active: msg`Active`, paused: msg`Paused`, ended: msg`Ended` });
const GROUP_LIST = spoken<RuleStatus>({ active: msg`Active rules`, paused: msg`Paused rules`, ended: msg`Ended rules` });

interface RowProps {
  rule: LoyaltyRule;
  menu: RuleMenu | undefined;
  locale: string;
  canEdit: boolean;
  busy: boolean;
  onEdit: () => void;
  onStatus: (status: RuleStatus) => void;
  onEnd: () => void;
}

function RuleCard({ rule, menu, locale, canEdit, busy, onEdit, onStatus, onEnd }: RowProps) {
  const headingId = `rule-${rule.id}`;
  const { t } = useLingui();
  const given = rule.points_given.toLocaleString(locale);
  const customers = rule.customers.toLocaleString(locale);
  const givenTo = plural(rule.customers, { one: `${customers} customer`, other: `${customers} customers` });
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={headingId} className="text-lg font-semibold">
          {rule.name}
        </h3>
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={STATUS_TONE[rule.status]}>{KIND_TITLE[rule.kind]}</Badge>
          <span>{ruleSummary(earningRuleOf(rule), menu, locale)}</span>
        </p>
        <p className="text-sm text-muted">
          {rule.points_given === 0
            ? t`No points given yet`
            : plural(rule.points_given, { one: `${given} point given to ${givenTo}`, other: `${given} points given to ${givenTo}` })}
        </p>
      </div>
      {canEdit && <StatusButtons name={rule.name} status={rule.status} busy={busy} onEdit={onEdit} onStatus={onStatus} onEnd={onEnd} />}
    </Card>
  );
}

/** The rules by status (active, paused, ended), each with its card. */
function RuleGroups(p: {
  rules: LoyaltyRule[];
  menu: LoyaltyScreenProps['menu'];
  locale: string;
  canEdit: boolean;
  busy: number | null;
  onEdit: (r: LoyaltyRule) => void;
  onStatus: (r: LoyaltyRule, status: Parameters<LoyaltyScreenProps['onStatus']>[1]) => void;
  onEnd: (r: LoyaltyRule) => void;
}) {
  const { rules, menu, locale, canEdit, busy, onEdit, onStatus, onEnd } = p;
  // its words are read from tables and core macros: rendered again when the language changes
  useSpokenLanguage();
  return GROUPS.map((g) => {
    const list = rules.filter((r) => r.status === g.status);
    if (list.length === 0) return null;
    return (
      <section key={g.status} aria-labelledby={`rules-${g.status}`} className="flex flex-col gap-3">
        <h2 id={`rules-${g.status}`} className="text-lg font-semibold">
          {GROUP_TITLE[g.status]} <span className="text-muted">({list.length})</span>
        </h2>
        <ul className="flex flex-col gap-3" aria-label={GROUP_LIST[g.status]}>
          {list.map((r) => (
            <RuleCard
              key={r.id}
              rule={r}
              menu={menu}
              locale={locale}
              canEdit={canEdit}
              busy={busy === r.id}
              onEdit={() => onEdit(r)}
              onStatus={(st) => onStatus(r, st)}
              onEnd={() => onEnd(r)}
            />
          ))}
        </ul>
      </section>
    );
  });
}

/** /merchant/loyalty (staff read it, owners change it): the earning rules, active, paused and ended, and each rule's editor. */
export function LoyaltyScreen(props: LoyaltyScreenProps) {
  const { rules, loading, error, onRetry, locale, currency, canEdit, menu, pointsPerAmount, onSave, onStatus, onSimulate, stamps } = props;
  const [editing, setEditing] = useState<{ rule: LoyaltyRule | null } | null>(null);
  const [editingStamps, setEditingStamps] = useState<{ program: StampProgram | null } | null>(null);
  const [stampsSaved, setStampsSaved] = useState<string | null>(null);
  const { done, setDone, failed, busy, ending, setEnding, change } = useStatusChanges<LoyaltyRule>(onStatus);
  const { t } = useLingui();

  if (loading && !rules) return <CardsLoading label={t`Loading the earning rules`} cards={3} />;
  if (!rules) return <ErrorState title={t`We could not load the earning rules`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  const editingName = editing?.rule?.name;

  if (editing)
    return (
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">{editingName !== undefined ? t`Edit ${editingName}` : t`Add an earning rule`}</h2>
        <LoyaltyRuleEditor
          rule={editing.rule}
          menu={menu}
          shop={{ pointsPerAmount, currency, locale }}
          onSave={onSave}
          onSimulate={onSimulate}
          onDone={(name) => {
            setEditing(null);
            setDone(name && t`Saved ${name}.`);
          }}
        />
      </div>
    );

  if (editingStamps && stamps)
    return (
      <StampEditorPage
        program={editingStamps.program}
        menu={menu}
        rewards={stamps.rewards}
        locale={locale}
        onSave={stamps.onSave}
        onDone={(name) => {
          setEditingStamps(null);
          setStampsSaved(name && t`Saved ${name}.`);
        }}
      />
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">
          {t`Every sale earns the base points of your settings; these rules add to them. Customers see each rule’s points by its name on their order.`}
        </p>
        {canEdit && (
          <Button
            onClick={() => {
              setDone(null);
              setEditing({ rule: null });
            }}
          >
            {t`Add a rule`}
          </Button>
        )}
      </div>
      {!canEdit && <Notice tone="info">{t`Only an owner can change the earning rules.`}</Notice>}
      <div aria-live="polite">
        {done && <Notice tone="success">{done}</Notice>}
        {failed && <Notice tone="danger">{failed}</Notice>}
      </div>
      {rules.length === 0 ? (
        <EmptyState
          title={t`No earning rules yet`}
          description={
            canEdit
              ? t`Add one: double points on quiet afternoons, a bonus on a new drink, a welcome bonus on a first order.`
              : t`Customers earn the base points on every sale.`
          }
        />
      ) : (
        <RuleGroups
          {...{ rules, menu, locale, canEdit, busy }}
          onEdit={(r) => {
            setDone(null);
            setEditing({ rule: r });
          }}
          onStatus={(r, st) => void change(r, st)}
          onEnd={setEnding}
        />
      )}
      {stamps && (
        <StampCardsSection
          {...stamps}
          canEdit={canEdit}
          menu={menu}
          locale={locale}
          saved={stampsSaved}
          onEdit={(program) => {
            setStampsSaved(null);
            setEditingStamps({ program });
          }}
        />
      )}
      {canEdit && props.sampleOrder && <SampleOrder {...props.sampleOrder} menu={menu} locale={locale} currency={currency} />}
      <ConfirmRemove
        item={ending}
        verb={t`End`}
        description={t`Ending is final: the rule stops giving points and cannot be resumed. The points it gave stay with the customers.`}
        onRemove={(r) => void change(r, 'ended')}
        onClose={() => setEnding(null)}
      />
    </div>
  );
}
