/**
 * A bearer token from the simulator's control plane (`POST /sim/tokens`), as every client of the
 * simulator gets one; valid 15 minutes by the simulator's clock, longer than any benchmark phase.
 */
export async function issueToken(baseUrl: string, memberIdentification: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sim/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ member_identification: memberIdentification, role: 'manager' }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || typeof body.token !== 'string')
    throw new Error(`POST /sim/tokens for ${memberIdentification}: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}
