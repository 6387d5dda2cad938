/** An antd form rule from the shared money rules, with the Chinese (localised) message of each problem. */
import type { Rule } from 'antd/es/form';
import { checkAmount, toUnits, type AmountLimits, type AmountProblem } from '../../../contract/rules/money';

type Translate = (id: string, values?: Record<string, string | number>) => string;

export function amountProblemText(t: Translate, problem: AmountProblem, currency = ''): string {
  const { code, ...values } = problem;
  // conversions take their fee out of the amount received: "fee 0" would only confuse
  const key = problem.code === 'aboveBalance' && toUnits(problem.fee) === 0n ? 'aboveBalanceNoFee' : code;
  return t(`money.problem.${key}`, { ...values, currency });
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
