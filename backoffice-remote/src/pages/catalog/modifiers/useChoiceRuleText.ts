import { useCallback } from 'react';
import { choiceRule } from '@hive/register-sdk/money';
import { useAreaT } from '../../../i18n';

/** A group's rule in words: "Choose 1", "Up to 3, optional", "1 to 2". */
export function useChoiceRuleText() {
  const { t } = useAreaT('catalog');
  return useCallback(
    (group: { minChoices: number; maxChoices: number }) => {
      const rule = choiceRule(group);
      if (rule.kind === 'exactly') return t('modifiers.rule.exactly', { count: rule.count });
      if (rule.kind === 'upTo') return t('modifiers.rule.upTo', { count: rule.max });
      return t('modifiers.rule.range', { min: rule.min, max: rule.max });
    },
    [t],
  );
}
