import { endpointById, inputRefusalStatus } from '../../../schemas/endpoints.ts';
import { check, inAttempt, recordAcross } from '../../runtime/check.ts';
import { HarnessFault } from '../../runtime/harness-fault.ts';
import { test, type Actors } from '../../runtime/fixtures.ts';
import { expectInvalidInputRefused } from '../input-refusal.ts';
import { inputAreas, inputBases, type InputArea } from './input-bases.ts';
import { inputCases } from './input-cases.ts';

/**
 * The input columns of every endpoint table (Required, Type, the value sets and formats): each request breaks one
 * column of a well-formed request and must be refused with a 4xx and an error body, changing nothing
 * (ERR-INVALID-INPUT, MUST); the status the table lists for it is a SHOULD (ERR-LISTED-STATUS). One
 * check per area, one call per case; a case that fails is recorded and the check goes on, so that one
 * defect is one finding however many columns show it.
 */

function partiesOf(actors: Actors) {
  const asset = actors.tokenizer.assets[0];
  if (asset === undefined)
    throw new HarnessFault(
      `${actors.tokenizer.identification} has no asset in the profile: the input checks need one DSA it issues`,
    );
  return {
    member: { identification: actors.mmA.identification, accounts: actors.mmA.accounts },
    other: { identification: actors.mmB.identification },
    tokenizer: { identification: actors.tokenizer.identification, asset },
  };
}

for (const area of Object.keys(inputAreas) as InputArea[]) {
  test(
    ...check(
      `errors.input-columns-${area}`,
      `refuses, on every ${area} endpoint, a request missing a required input, with an input of the wrong type, or with a value outside its set or format`,
      { verifies: ['ERR-INVALID-INPUT', 'ERR-LISTED-STATUS', 'ERR-NO-5XX', 'ERR-BODY-SHAPE'] },
    ),
    async ({ actors }) => {
      const bases = inputBases(partiesOf(actors));
      // Every case is refused on its own, changing nothing: they are sent at once and judged in order.
      const sent = inputAreas[area].flatMap((id) => {
        const endpoint = endpointById(id);
        const client = endpoint.family === 'tokenizer' ? actors.tokenizer.client : actors.mmA.client;
        const cases = inputCases(endpoint, bases[id]);
        if (cases.length === 0)
          throw new HarnessFault(
            `${id}: its request breaks no declared input, so the table of input cases is out of step with schemas/`,
          );
        const listed = inputRefusalStatus(endpoint);
        const bodyOptional = endpoint.errors.find((response) => response.status === listed)?.body === null;
        return cases.map(({ label, request }) => ({
          id,
          label,
          listed,
          bodyOptional,
          response: client.call(id, { path: request.path, query: request.query, body: request.body }),
        }));
      });
      const responses = await Promise.all(sent.map(({ response }) => response));
      sent.forEach(({ id, label, listed, bodyOptional }, index) =>
        recordAcross(() =>
          inAttempt(`${id}, ${label}`, () => expectInvalidInputRefused(responses[index]!, { listed, bodyOptional })),
        ),
      );
    },
  );
}
