import { randomUUID } from 'node:crypto';
import { AsyncStep, crashScenario } from './crash-scenario';
import { scenarioRequest, ScenarioTarget } from './provider-scenarios';

/**
 * The scenarios of platforms that publish in several steps (a container, an upload, processing,
 * then publish): for each step, its answer lost after the platform acted on it, then the publish
 * made again with the same journal (as after a wait), and a crash there with a restarted publisher
 * on a real journal. Either way the post is on the platform once.
 */
export function asyncStepScenarios(target: () => ScenarioTarget, steps: readonly AsyncStep[]): void {
  for (const step of steps) {
    it(`an answer lost at ${step.name}: made again with its journal, the post is on the platform once`, async () => {
      const t = target();
      const account = await t.connection();
      const text = `Cut at ${step.name} ${randomUUID()}`;
      const same = await scenarioRequest(t, account, text);
      t.proxy.failNext(step.path, { hangAfterForward: true });
      let outcome = await t.provider.publish(same);
      for (let tries = 0; outcome.kind !== 'published' && tries < 3; tries++) {
        expect(outcome.kind).toMatch(/^(retry_later|unknown)$/);
        outcome = await t.provider.publish(same);
      }
      expect(outcome).toMatchObject({ kind: 'published', externalId: expect.any(String) });
      expect((await t.publishedTexts(account)).filter((published) => published === text)).toHaveLength(1);
    });
    crashScenario(target, step);
  }
}
