/** An antd form rule from the shared money rules, with the Chinese (localised) message of each problem. */
import type { Rule } from 'antd/es/form';
import { checkAmount, type AmountLimits, type AmountProblem } from '../../../contract/rules/money';

type Translate = (id: string, values?: Record<string, string | number>) => string;

export function amountProblemText(t: Translate, problem: AmountProblem, currency = ''): string {
  const { code, ...values } = problem;
  return t(`money.problem.${code}`, { ...values, currency });
}

/** Required, then the first broken rule of `limits` (read when validating, so limits may change). */
export function amountRule(t: Translate, limits: () => AmountLimits, currency: () => string = () => ''): Rule {
  return {
    validator: async (_, value: string | undefined) => {
      if (!value) throw new Error(t('money.amountRequired'));
      const problem = checkAmount(value, limits());
      if (problem) throw new Error(amountProblemText(t, problem, currency()));
    },
  };
}
