import { test } from '../runtime/fixtures.ts';
import { check, expectStatus, expectSchema } from '../runtime/check.ts';
import { schemaRef } from '../../schemas/resources.ts';
import { REACHABILITY_CHECK } from '../runtime/check-id.ts';

/**
 * The first check of every run: the target answers a plain read under the versioned member prefix.
 * When it does not, nothing else can run, and the run says so here instead of in a hundred failures.
 * The read is the specification's listing of accounts (ACC-LIST), so a target that cannot answer it
 * fails the specification, not only the reference profile's reading of the version prefix.
 */
test(
  ...check(REACHABILITY_CHECK, 'answers a read under /client/v1/api with the member’s token', {
    verifies: ['ACC-LIST'],
    endpoint: 'member.listDigitalAccounts',
  }),
  async ({ actors }) => {
    const response = await actors.mmA.client.call('member.listDigitalAccounts');
    expectStatus(response, 200, 'ACC-LIST');
    expectSchema(response.body, { type: 'array', items: schemaRef('digitalAccount') }, 'ACC-LIST');
  },
);
