import type { EndpointId } from './endpoints.ts';

/**
 * One working request per operation, recorded against the demo network by bin/tools/record-openapi-examples.ts
 * (`npm run docs:openapi-examples`): each was answered 200 in that run. Identifiers, times and signatures are
 * that run's; a new run against a fresh simulator needs its own. Do not edit by hand.
 */
export const recordedExamples: Partial<Record<EndpointId, { params?: Record<string, unknown>; body?: unknown }>> = {
  "member.listMembers": {
    "params": {
      "country_code": "SG"
    }
  },
  "member.getMember": {
    "params": {
      "member_identification": "mm-singapore"
    }
  },
  "tokenizer.listMembers": {
    "params": {
      "country_code": "GB"
    }
  },
  "tokenizer.getMember": {
    "params": {
      "member_identification": "mm-london"
    }
  },
  "tokenizer.getAccountAddress": {
    "params": {
      "addressing_identification": "main*GB.mm-london.dss.example"
    }
  },
  "tokenizer.listAvailableInstruments": {
    "params": {
      "tokenizer_identification": "tokenizer-usd"
    }
  },
  "member.listDigitalAccounts": {},
  "member.getDigitalAccount": {
    "params": {
      "account_identification": "main"
    }
  },
  "member.listSettlementInstruments": {},
  "member.listPaymentPoints": {
    "params": {
      "point_type": "Bank",
      "country_code": "GB"
    }
  },
  "member.readGatewayMessages": {
    "params": {
      "type": "transactions"
    }
  },
  "member.addToAllowlist": {
    "body": "mm-singapore"
  },
  "member.getAllowlist": {},
  "member.issueSettlementInstrument": {
    "params": {
      "asset_code_identification": "GBPDSO",
      "asset_group_identification": "DSO"
    }
  },
  "member.listEmittedInstruments": {},
  "member.listObligations": {
    "params": {
      "asset_code_identification": "GBPDSO"
    }
  },
  "member.getObligation": {
    "params": {
      "asset_code_identification": "GBPDSO"
    }
  },
  "member.changeCreditLine": {
    "body": {
      "account_identification": "main",
      "asset_code_identification": "USD",
      "credit_line_state": "request",
      "maximum_credit_limit": 1000000,
      "member_identification": "tokenizer-usd"
    }
  },
  "tokenizer.changeCreditLine": {
    "params": {
      "tokenizer_identification": "tokenizer-usd"
    },
    "body": {
      "account_identification": "main",
      "asset_code_identification": "USD",
      "credit_line_state": "allow",
      "member_identification": "mm-london"
    }
  },
  "tokenizer.createFundingInstruction": {
    "body": {
      "account_identification": "main",
      "end_to_end_identification": "example-mm-london-main-USD",
      "funding_amount": 5000.25,
      "issued_asset_code_identification": "USD",
      "member_identification": "mm-london",
      "tokenizer_identification": "tokenizer-usd"
    }
  },
  "member.signPayload": {
    "body": {
      "account_identification": "emission",
      "unsigned_payload": "eyJhY2NvdW50X2lkZW50aWZpY2F0aW9uIjoibWFpbiIsImVuZF90b19lbmRfaWRlbnRpZmljYXRpb24iOiJleGFtcGxlLW1tLWxvbmRvbi1tYWluLVVTRCIsImZ1bmRpbmdfYW1vdW50Ijo1MDAwLjI1LCJpc3N1ZWRfYXNzZXRfY29kZV9pZGVudGlmaWNhdGlvbiI6IlVTRCIsIm1lbWJlcl9pZGVudGlmaWNhdGlvbiI6Im1tLWxvbmRvbiIsInRva2VuaXplcl9pZGVudGlmaWNhdGlvbiI6InRva2VuaXplci11c2QifQ=="
    }
  },
  "tokenizer.sendFunding": {
    "params": {
      "funding_payload_signature": "EhoYAP6WopywuuPLzf0ojlMx9IXc6cB5Uu3MBHoM7AuBCp5rBOM6Q9Aq05JqJUZyHH1hywBn9A5GXORzcnucDg==",
      "signed_funding_transaction": "GWScHgHuaq3wLj9HZY7Fyu9EGqEfyL7qwtilmNKS0bJ78AJvT3EjBv9bwI4ysEldfA4g+PTMYOnt00iTIP8PBg=="
    },
    "body": {
      "account_identification": "main",
      "end_to_end_identification": "example-mm-london-main-USD",
      "funding_amount": 5000.25,
      "issued_asset_code_identification": "USD",
      "member_identification": "mm-london",
      "tokenizer_identification": "tokenizer-usd"
    }
  },
  "member.getBalance": {
    "params": {
      "account_identification": "main",
      "asset_code_identification": "USD",
      "asset_issuer_identification": "tokenizer-usd"
    }
  },
  "member.listAccountInstruments": {
    "params": {
      "account_identification": "second"
    }
  },
  "member.listMemberInstruments": {
    "params": {
      "member_identification": "mm-london",
      "type": "both"
    }
  },
  "member.consolidate": {
    "params": {
      "account_identification": "main"
    },
    "body": {
      "instruction": [
        {
          "asset_info": [
            {
              "asset_code_identification": "USD",
              "asset_group_identification": "DSA",
              "asset_issuer_identification": "tokenizer-usd"
            }
          ],
          "consolidated_amount": 100.5,
          "source_account_identification": "second"
        }
      ]
    }
  },
  "member.restartListening": {
    "params": {
      "account_identification": "main",
      "reference": "now"
    }
  },
  "member.requestQuotations": {
    "body": {
      "base_asset_info": [
        {
          "asset_code_identification": "USD",
          "asset_group_identification": "DSA",
          "asset_issuer_identification": "tokenizer-usd"
        }
      ],
      "buyer_member_identification": "mm-london",
      "maximum_amount_limit": 1000,
      "minimum_amount_limit": 1,
      "quoted_asset_info": [
        {
          "asset_code_identification": "EUR",
          "asset_group_identification": "DSA",
          "asset_issuer_identification": "tokenizer-eur"
        }
      ],
      "time_end_request_quotation": 1795571603576
    }
  },
  "member.answerQuotation": {
    "params": {
      "quotation_uuid": "c6946ac3-4e02-49b6-86d1-1bf36f98d9df-mm-singapore"
    },
    "body": {
      "member_signature": "L4aLZaJKCJzm8HZ9uC+1ZrczlWoJfGsCQVJx87Cst3EOgLTzYGHj2DeLB4UU9tYD9FhGQXtgfmvxY1eRaKFxBA==",
      "quotation_payload": "eyJlbmRfdGltZSI6MTc5NTU2OTgwMzcwNSwiZm9yZWlnbl9leGNoYW5nZV9yYXRlIjowLjkyLCJtYXhpbXVtX2Ftb3VudF9saW1pdCI6MTAwMCwibWluaW11bV9hbW91bnRfbGltaXQiOjEsInF1b3RhdGlvbl91dWlkIjoiYzY5NDZhYzMtNGUwMi00OWI2LTg2ZDEtMWJmMzZmOThkOWRmLW1tLXNpbmdhcG9yZSIsInJlcXVlc3RfcXVvdGF0aW9uIjpbeyJiYXNlX2Fzc2V0X2luZm8iOlt7ImFzc2V0X2NvZGVfaWRlbnRpZmljYXRpb24iOiJVU0QiLCJhc3NldF9ncm91cF9pZGVudGlmaWNhdGlvbiI6IkRTQSIsImFzc2V0X2lzc3Vlcl9pZGVudGlmaWNhdGlvbiI6InRva2VuaXplci11c2QifV0sImJ1eWVyX21lbWJlcl9pZGVudGlmaWNhdGlvbiI6Im1tLWxvbmRvbiIsIm1heGltdW1fYW1vdW50X2xpbWl0IjoxMDAwLCJtaW5pbXVtX2Ftb3VudF9saW1pdCI6MSwicXVvdGVkX2Fzc2V0X2luZm8iOlt7ImFzc2V0X2NvZGVfaWRlbnRpZmljYXRpb24iOiJFVVIiLCJhc3NldF9ncm91cF9pZGVudGlmaWNhdGlvbiI6IkRTQSIsImFzc2V0X2lzc3Vlcl9pZGVudGlmaWNhdGlvbiI6InRva2VuaXplci1ldXIifV0sInRpbWVfZW5kX3JlcXVlc3RfcXVvdGF0aW9uIjoxNzk1NTcxNjAzNTc2fV0sInNlbGxlcl9jcmVkaXRpbmdfYWNjb3VudF9pZGVudGlmaWNhdGlvbiI6Im1haW4iLCJzZWxsZXJfZGViaXRpbmdfYWNjb3VudF9pZGVudGlmaWNhdGlvbiI6Im1haW4iLCJzZWxsZXJfbWVtYmVyX2lkZW50aWZpY2F0aW9uIjoibW0tc2luZ2Fwb3JlIiwic3RhcnRfdGltZSI6MTc5NTU2ODAwMjcwNX0="
    }
  },
  "member.getQuotationsOfRequest": {
    "params": {
      "request_uuid": "c6946ac3-4e02-49b6-86d1-1bf36f98d9df"
    }
  },
  "member.getQuotation": {
    "params": {
      "quotation_uuid": "c6946ac3-4e02-49b6-86d1-1bf36f98d9df-mm-singapore"
    }
  },
  "member.findQuotations": {
    "body": {
      "seller_member_identification": "mm-singapore"
    }
  },
  "member.searchQuotations": {
    "body": {
      "request_quotation_state": [
        {
          "comparison_value": 10,
          "relational_operator": "eq"
        }
      ]
    }
  },
  "member.exchange": {
    "body": {
      "exchange_payload": "eyJhbW91bnRfYmFzZV9hc3NldCI6MTAwLCJidXllcl9jcmVkaXRpbmdfYWNjb3VudF9pZGVudGlmaWNhdGlvbiI6Im1haW4iLCJidXllcl9kZWJpdGluZ19hY2NvdW50X2lkZW50aWZpY2F0aW9uIjoibWFpbiIsInF1b3RhdGlvbl9pbmZvIjpbeyJlbmRfdGltZSI6MTc5NTU2OTgwMzcwNSwiZm9yZWlnbl9leGNoYW5nZV9yYXRlIjowLjkyLCJtYXhpbXVtX2Ftb3VudF9saW1pdCI6MTAwMCwibWluaW11bV9hbW91bnRfbGltaXQiOjEsInF1b3RhdGlvbl91dWlkIjoiYzY5NDZhYzMtNGUwMi00OWI2LTg2ZDEtMWJmMzZmOThkOWRmLW1tLXNpbmdhcG9yZSIsInJlcXVlc3RfcXVvdGF0aW9uIjpbeyJiYXNlX2Fzc2V0X2luZm8iOlt7ImFzc2V0X2NvZGVfaWRlbnRpZmljYXRpb24iOiJVU0QiLCJhc3NldF9ncm91cF9pZGVudGlmaWNhdGlvbiI6IkRTQSIsImFzc2V0X2lzc3Vlcl9pZGVudGlmaWNhdGlvbiI6InRva2VuaXplci11c2QifV0sImJ1eWVyX21lbWJlcl9pZGVudGlmaWNhdGlvbiI6Im1tLWxvbmRvbiIsIm1heGltdW1fYW1vdW50X2xpbWl0IjoxMDAwLCJtaW5pbXVtX2Ftb3VudF9saW1pdCI6MSwicXVvdGVkX2Fzc2V0X2luZm8iOlt7ImFzc2V0X2NvZGVfaWRlbnRpZmljYXRpb24iOiJFVVIiLCJhc3NldF9ncm91cF9pZGVudGlmaWNhdGlvbiI6IkRTQSIsImFzc2V0X2lzc3Vlcl9pZGVudGlmaWNhdGlvbiI6InRva2VuaXplci1ldXIifV0sInRpbWVfZW5kX3JlcXVlc3RfcXVvdGF0aW9uIjoxNzk1NTcxNjAzNTc2fV0sInNlbGxlcl9jcmVkaXRpbmdfYWNjb3VudF9pZGVudGlmaWNhdGlvbiI6Im1haW4iLCJzZWxsZXJfZGViaXRpbmdfYWNjb3VudF9pZGVudGlmaWNhdGlvbiI6Im1haW4iLCJzZWxsZXJfbWVtYmVyX2lkZW50aWZpY2F0aW9uIjoibW0tc2luZ2Fwb3JlIiwic3RhcnRfdGltZSI6MTc5NTU2ODAwMjcwNX1dfQ==",
      "member_signature": "fahzl4aRNn+KRK0l19Z7uDXzENEW0TDLqePJ/C7hcAayB18jCMopBOFd+b3dKmwaHOTuHaBsMoC10SfNK0vzAA=="
    }
  },
  "member.cancelQuotation": {
    "params": {
      "quotation_uuid": "f5a2736b-8e1c-444f-9c17-318b8556a800-mm-singapore"
    }
  },
  "member.cancelQuotations": {
    "body": {
      "buyer_member_identification": "mm-london"
    }
  },
  "member.requestCharge": {
    "params": {
      "member_identification": "mm-singapore"
    },
    "body": {
      "instructed_currency_code": "USD",
      "instructed_net_amount": 100,
      "interbank_settlement_instrument": [
        {
          "asset_code_identification": "USD",
          "asset_group_identification": "DSA",
          "asset_issuer_identification": "tokenizer-usd"
        }
      ],
      "member_identification": "mm-london",
      "request_uuid": "150cf71b-5548-45a7-810a-e6cf64d735ff"
    }
  },
  "member.answerCharge": {
    "params": {
      "member_identification": "mm-london"
    },
    "body": {
      "fee_amount": 1.5,
      "instructed_amount": 100,
      "instructed_currency_code": "USD",
      "interbank_settlement_amount_without_fee": 100,
      "interbank_settlement_instrument": [
        {
          "asset_code_identification": "USD",
          "asset_group_identification": "DSA",
          "asset_issuer_identification": "tokenizer-usd"
        }
      ],
      "request_uuid": "150cf71b-5548-45a7-810a-e6cf64d735ff"
    }
  },
  "member.signMessage": {
    "body": {
      "account_identification": "main",
      "unsigned_payload": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPE1lc3NhZ2UgeG1sbnM9InVybjpkc3M6bWVzc2FnZToxIj48QXBwSGRyIHhtbG5zPSJ1cm46aXNvOnN0ZDppc286MjAwMjI6dGVjaDp4c2Q6aGVhZC4wMDEuMDAxLjAyIj48RnI+PEZJSWQ+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NTE9HQjJMPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9GSUlkPjwvRnI+PFRvPjxGSUlkPjxGaW5JbnN0bklkPjxCSUNGST5NTVNHU0dTRzwvQklDRkk+PC9GaW5JbnN0bklkPjwvRklJZD48L1RvPjxCaXpNc2dJZHI+TU1MT0dCMkwtRVhBTVBMRS0wMDAxPC9CaXpNc2dJZHI+PE1zZ0RlZklkcj5wYWNzLjAwOC4wMDEuMDg8L01zZ0RlZklkcj48Q3JlRHQ+MjAyNC0wMy0xNVQxMDoxNTozMFo8L0NyZUR0PjwvQXBwSGRyPjxEb2N1bWVudCB4bWxucz0idXJuOmlzbzpzdGQ6aXNvOjIwMDIyOnRlY2g6eHNkOnBhY3MuMDA4LjAwMS4wOCI+CiAgPEZJVG9GSUNzdG1yQ2R0VHJmPgogICAgPEdycEhkcj4KICAgICAgPE1zZ0lkPk1NTE9HQjJMLUVYQU1QTEUtMDAwMTwvTXNnSWQ+CiAgICAgIDxDcmVEdFRtPjIwMjQtMDMtMTVUMTA6MTU6MzArMDA6MDA8L0NyZUR0VG0+CiAgICAgIDxOYk9mVHhzPjE8L05iT2ZUeHM+CiAgICAgIDxTdHRsbUluZj4KICAgICAgICA8U3R0bG1NdGQ+Q0xSRzwvU3R0bG1NdGQ+CiAgICAgICAgPENsclN5cz48UHJ0cnk+RFNBPC9QcnRyeT48L0NsclN5cz4KICAgICAgPC9TdHRsbUluZj4KICAgIDwvR3JwSGRyPgogICAgPENkdFRyZlR4SW5mPgogICAgICA8UG10SWQ+CiAgICAgICAgPEluc3RySWQ+TU1MT0dCMkwtSU5TVFItMDAwMTwvSW5zdHJJZD4KICAgICAgICA8RW5kVG9FbmRJZD5FWEFNUExFLUUyRS0wMDAxPC9FbmRUb0VuZElkPgogICAgICAgIDxVRVRSPjNhYzFmNzdkLTI1N2UtNGFiMS1hNmVhLTQ0ZWI3NmNmMjUxZDwvVUVUUj4KICAgICAgPC9QbXRJZD4KICAgICAgPFBtdFRwSW5mPjxTdmNMdmw+PFBydHJ5PnRva2VuaXplci11c2Q8L1BydHJ5PjwvU3ZjTHZsPjwvUG10VHBJbmY+CiAgICAgIDxJbnRyQmtTdHRsbUFtdCBDY3k9IlVTRCI+MjUwLjU8L0ludHJCa1N0dGxtQW10PgogICAgICA8SW50ckJrU3R0bG1EdD4yMDI0LTAzLTE1PC9JbnRyQmtTdHRsbUR0PgogICAgICA8Q2hyZ0JyPlNIQVI8L0NocmdCcj4KICAgICAgPEluc3RnQWd0PjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvSW5zdGdBZ3Q+CiAgICAgIDxJbnN0ZEFndD48RmluSW5zdG5JZD48QklDRkk+TU1TR1NHU0c8L0JJQ0ZJPjwvRmluSW5zdG5JZD48L0luc3RkQWd0PgogICAgICA8RGJ0cj48Tm0+QUJDIENvcnBvcmF0aW9uPC9ObT48L0RidHI+CiAgICAgIDxEYnRyQWd0PjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvRGJ0ckFndD4KICAgICAgPENkdHJBZ3Q+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NU0dTR1NHPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9DZHRyQWd0PgogICAgICA8Q2R0cj48Tm0+REVGIEVsZWN0cm9uaWNzIFB0ZSBMdGQ8L05tPjwvQ2R0cj4KICAgIDwvQ2R0VHJmVHhJbmY+CiAgPC9GSVRvRklDc3RtckNkdFRyZj4KPC9Eb2N1bWVudD48L01lc3NhZ2U+"
    }
  },
  "member.sendPayment": {
    "body": {
      "financial_message_type": "iso20022:pacs.008.001.08",
      "financial_message_data": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPE1lc3NhZ2UgeG1sbnM9InVybjpkc3M6bWVzc2FnZToxIj48QXBwSGRyIHhtbG5zPSJ1cm46aXNvOnN0ZDppc286MjAwMjI6dGVjaDp4c2Q6aGVhZC4wMDEuMDAxLjAyIj48RnI+PEZJSWQ+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NTE9HQjJMPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9GSUlkPjwvRnI+PFRvPjxGSUlkPjxGaW5JbnN0bklkPjxCSUNGST5NTVNHU0dTRzwvQklDRkk+PC9GaW5JbnN0bklkPjwvRklJZD48L1RvPjxCaXpNc2dJZHI+TU1MT0dCMkwtRVhBTVBMRS0wMDAxPC9CaXpNc2dJZHI+PE1zZ0RlZklkcj5wYWNzLjAwOC4wMDEuMDg8L01zZ0RlZklkcj48Q3JlRHQ+MjAyNC0wMy0xNVQxMDoxNTozMFo8L0NyZUR0PjxTZ250cj48ZHM6U2lnbmF0dXJlIHhtbG5zOmRzPSJodHRwOi8vd3d3LnczLm9yZy8yMDAwLzA5L3htbGRzaWcjIj48ZHM6U2lnbmVkSW5mbz48ZHM6Q2Fub25pY2FsaXphdGlvbk1ldGhvZCBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDEvMTAveG1sLWV4Yy1jMTRuIyIvPjxkczpTaWduYXR1cmVNZXRob2QgQWxnb3JpdGhtPSJodHRwOi8vd3d3LnczLm9yZy8yMDIxLzA0L3htbGRzaWctbW9yZSNlZGRzYS1lZDI1NTE5Ii8+PGRzOlJlZmVyZW5jZSBVUkk9IiI+PGRzOlRyYW5zZm9ybXM+PGRzOlRyYW5zZm9ybSBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvMDkveG1sZHNpZyNlbnZlbG9wZWQtc2lnbmF0dXJlIi8+PGRzOlRyYW5zZm9ybSBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDEvMTAveG1sLWV4Yy1jMTRuIyIvPjwvZHM6VHJhbnNmb3Jtcz48ZHM6RGlnZXN0TWV0aG9kIEFsZ29yaXRobT0iaHR0cDovL3d3dy53My5vcmcvMjAwMS8wNC94bWxlbmMjc2hhMjU2Ii8+PGRzOkRpZ2VzdFZhbHVlPi9XQ3FOZzBvTVRsSlZ1SFRJeUhvcW1yWXhPS0pyVWNVWmxyUzlvQ3ZGY1E9PC9kczpEaWdlc3RWYWx1ZT48L2RzOlJlZmVyZW5jZT48L2RzOlNpZ25lZEluZm8+PGRzOlNpZ25hdHVyZVZhbHVlPmN6MC8xR2VpWkh5dFN0OVZUbmsvZk5kRWpqcEZaUTdaMFhFR3BIa0dhcWFxay9ZWGZWRjZtNWVjdXcyNTdtUEI5RW5Hd1VDVTRaejYxaVF6eWhCZUJnPT08L2RzOlNpZ25hdHVyZVZhbHVlPjxkczpLZXlJbmZvPjxkczpLZXlOYW1lPkdCV0MzTEc0S1RYTVZJS1ZXS1g3VUNCUzNJTkJFTk1HV0tDV0ZYQlozVTZSVURGVllORkwyNTVUPC9kczpLZXlOYW1lPjwvZHM6S2V5SW5mbz48L2RzOlNpZ25hdHVyZT48L1NnbnRyPjwvQXBwSGRyPjxEb2N1bWVudCB4bWxucz0idXJuOmlzbzpzdGQ6aXNvOjIwMDIyOnRlY2g6eHNkOnBhY3MuMDA4LjAwMS4wOCI+CiAgPEZJVG9GSUNzdG1yQ2R0VHJmPgogICAgPEdycEhkcj4KICAgICAgPE1zZ0lkPk1NTE9HQjJMLUVYQU1QTEUtMDAwMTwvTXNnSWQ+CiAgICAgIDxDcmVEdFRtPjIwMjQtMDMtMTVUMTA6MTU6MzArMDA6MDA8L0NyZUR0VG0+CiAgICAgIDxOYk9mVHhzPjE8L05iT2ZUeHM+CiAgICAgIDxTdHRsbUluZj4KICAgICAgICA8U3R0bG1NdGQ+Q0xSRzwvU3R0bG1NdGQ+CiAgICAgICAgPENsclN5cz48UHJ0cnk+RFNBPC9QcnRyeT48L0NsclN5cz4KICAgICAgPC9TdHRsbUluZj4KICAgIDwvR3JwSGRyPgogICAgPENkdFRyZlR4SW5mPgogICAgICA8UG10SWQ+CiAgICAgICAgPEluc3RySWQ+TU1MT0dCMkwtSU5TVFItMDAwMTwvSW5zdHJJZD4KICAgICAgICA8RW5kVG9FbmRJZD5FWEFNUExFLUUyRS0wMDAxPC9FbmRUb0VuZElkPgogICAgICAgIDxVRVRSPjNhYzFmNzdkLTI1N2UtNGFiMS1hNmVhLTQ0ZWI3NmNmMjUxZDwvVUVUUj4KICAgICAgPC9QbXRJZD4KICAgICAgPFBtdFRwSW5mPjxTdmNMdmw+PFBydHJ5PnRva2VuaXplci11c2Q8L1BydHJ5PjwvU3ZjTHZsPjwvUG10VHBJbmY+CiAgICAgIDxJbnRyQmtTdHRsbUFtdCBDY3k9IlVTRCI+MjUwLjU8L0ludHJCa1N0dGxtQW10PgogICAgICA8SW50ckJrU3R0bG1EdD4yMDI0LTAzLTE1PC9JbnRyQmtTdHRsbUR0PgogICAgICA8Q2hyZ0JyPlNIQVI8L0NocmdCcj4KICAgICAgPEluc3RnQWd0PjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvSW5zdGdBZ3Q+CiAgICAgIDxJbnN0ZEFndD48RmluSW5zdG5JZD48QklDRkk+TU1TR1NHU0c8L0JJQ0ZJPjwvRmluSW5zdG5JZD48L0luc3RkQWd0PgogICAgICA8RGJ0cj48Tm0+QUJDIENvcnBvcmF0aW9uPC9ObT48L0RidHI+CiAgICAgIDxEYnRyQWd0PjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvRGJ0ckFndD4KICAgICAgPENkdHJBZ3Q+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NU0dTR1NHPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9DZHRyQWd0PgogICAgICA8Q2R0cj48Tm0+REVGIEVsZWN0cm9uaWNzIFB0ZSBMdGQ8L05tPjwvQ2R0cj4KICAgIDwvQ2R0VHJmVHhJbmY+CiAgPC9GSVRvRklDc3RtckNkdFRyZj4KPC9Eb2N1bWVudD48L01lc3NhZ2U+"
    }
  },
  "member.replyPayment": {
    "body": {
      "financial_message_type": "iso20022:SVC.001.001.01",
      "financial_message_data": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPE1lc3NhZ2UgeG1sbnM9InVybjpkc3M6bWVzc2FnZToxIj48QXBwSGRyIHhtbG5zPSJ1cm46aXNvOnN0ZDppc286MjAwMjI6dGVjaDp4c2Q6aGVhZC4wMDEuMDAxLjAyIj48RnI+PEZJSWQ+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NU0dTR1NHPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9GSUlkPjwvRnI+PFRvPjxGSUlkPjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvRklJZD48L1RvPjxCaXpNc2dJZHI+TU1TR1NHU0ctQ01QLTAwMDE8L0Jpek1zZ0lkcj48TXNnRGVmSWRyPlNWQy4wMDEuMDAxLjAxPC9Nc2dEZWZJZHI+PENyZUR0PjIwMjQtMDMtMTVUMTA6MTU6MzBaPC9DcmVEdD48U2dudHI+PGRzOlNpZ25hdHVyZSB4bWxuczpkcz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC8wOS94bWxkc2lnIyI+PGRzOlNpZ25lZEluZm8+PGRzOkNhbm9uaWNhbGl6YXRpb25NZXRob2QgQWxnb3JpdGhtPSJodHRwOi8vd3d3LnczLm9yZy8yMDAxLzEwL3htbC1leGMtYzE0biMiLz48ZHM6U2lnbmF0dXJlTWV0aG9kIEFsZ29yaXRobT0iaHR0cDovL3d3dy53My5vcmcvMjAyMS8wNC94bWxkc2lnLW1vcmUjZWRkc2EtZWQyNTUxOSIvPjxkczpSZWZlcmVuY2UgVVJJPSIiPjxkczpUcmFuc2Zvcm1zPjxkczpUcmFuc2Zvcm0gQWxnb3JpdGhtPSJodHRwOi8vd3d3LnczLm9yZy8yMDAwLzA5L3htbGRzaWcjZW52ZWxvcGVkLXNpZ25hdHVyZSIvPjxkczpUcmFuc2Zvcm0gQWxnb3JpdGhtPSJodHRwOi8vd3d3LnczLm9yZy8yMDAxLzEwL3htbC1leGMtYzE0biMiLz48L2RzOlRyYW5zZm9ybXM+PGRzOkRpZ2VzdE1ldGhvZCBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDEvMDQveG1sZW5jI3NoYTI1NiIvPjxkczpEaWdlc3RWYWx1ZT5vejdqNnIxY2lsdERObDJ2WjJPSlUrZTNHczR5cWcrSVh3clFvZHEzSThRPTwvZHM6RGlnZXN0VmFsdWU+PC9kczpSZWZlcmVuY2U+PC9kczpTaWduZWRJbmZvPjxkczpTaWduYXR1cmVWYWx1ZT5uV01oWE8xQ2Vna1JnREdaQWpnK05FQzZKRG9ZZEVkdDNsTElpR1p6cjcxRmFLS21WbzNkOURISy9zcW8xK1o3YmZqSXlFTlRydC9LVStVNE50OUNEdz09PC9kczpTaWduYXR1cmVWYWx1ZT48ZHM6S2V5SW5mbz48ZHM6S2V5TmFtZT5HQTVGQzNJVE5aWTdRU1RIRVpDV0tQQlZGRFFNVVRKUFFRNlo0WklSNkVLR1BUNUxXVkJWRlA0QjwvZHM6S2V5TmFtZT48L2RzOktleUluZm8+PC9kczpTaWduYXR1cmU+PC9TZ250cj48L0FwcEhkcj48RG9jdW1lbnQgeG1sbnM9InVybjpkc3M6eHNkOlNWQy4wMDEuMDAxLjAxIj4KICA8Q21wbG5jUnNwbj4KICAgIDxHcnBIZHI+CiAgICAgIDxNc2dJZD5NTVNHU0dTRy1DTVAtMDAwMTwvTXNnSWQ+CiAgICAgIDxDcmVEdFRtPjIwMjQtMDMtMTVUMTA6MTY6MDIrMDA6MDA8L0NyZUR0VG0+CiAgICAgIDxJbnN0Z0FndD48RmluSW5zdG5JZD48QklDRkk+TU1TR1NHU0c8L0JJQ0ZJPjwvRmluSW5zdG5JZD48L0luc3RnQWd0PgogICAgICA8SW5zdGRBZ3Q+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NTE9HQjJMPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9JbnN0ZEFndD4KICAgIDwvR3JwSGRyPgogICAgPE9yZ25sR3JwSW5mPjxPcmdubE1zZ0lkPk1NTE9HQjJMLUVYQU1QTEUtMDAwMTwvT3JnbmxNc2dJZD48T3JnbmxNc2dObUlkPnBhY3MuMDA4LjAwMS4wODwvT3JnbmxNc2dObUlkPjwvT3JnbmxHcnBJbmY+CiAgICA8VHhJbmZBbmRTdHM+CiAgICAgIDxPcmdubEluc3RySWQ+TU1MT0dCMkwtSU5TVFItMDAwMTwvT3JnbmxJbnN0cklkPgogICAgICA8T3JnbmxFbmRUb0VuZElkPkVYQU1QTEUtRTJFLTAwMDE8L09yZ25sRW5kVG9FbmRJZD4KICAgICAgPE9yZ25sVUVUUj4zYWMxZjc3ZC0yNTdlLTRhYjEtYTZlYS00NGViNzZjZjI1MWQ8L09yZ25sVUVUUj4KICAgICAgPFN0cz5BQ1RDPC9TdHM+CiAgICAgIDxDZHRBY2N0PjxJZD48T3Rocj48SWQ+bWFpbjwvSWQ+PC9PdGhyPjwvSWQ+PC9DZHRBY2N0PgogICAgPC9UeEluZkFuZFN0cz4KICA8L0NtcGxuY1JzcG4+CjwvRG9jdW1lbnQ+PC9NZXNzYWdlPg=="
    }
  },
  "member.listTransactions": {
    "params": {
      "data_type": "INSTRUCTION_IDENTIFICATION",
      "data_id": "MMLOGB2L-INSTR-0001",
      "maximum_transaction_count": 20,
      "target_page_number": 1
    }
  },
  "member.redeem": {
    "body": {
      "financial_message_type": "iso20022:pacs.009.001.08",
      "financial_message_data": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPE1lc3NhZ2UgeG1sbnM9InVybjpkc3M6bWVzc2FnZToxIj48QXBwSGRyIHhtbG5zPSJ1cm46aXNvOnN0ZDppc286MjAwMjI6dGVjaDp4c2Q6aGVhZC4wMDEuMDAxLjAyIj48RnI+PEZJSWQ+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NTE9HQjJMPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9GSUlkPjwvRnI+PFRvPjxGSUlkPjxGaW5JbnN0bklkPjxCSUNGST5US05VVVMzMzwvQklDRkk+PC9GaW5JbnN0bklkPjwvRklJZD48L1RvPjxCaXpNc2dJZHI+TU1MT0dCMkwtUkRNLTAwMDE8L0Jpek1zZ0lkcj48TXNnRGVmSWRyPnBhY3MuMDA5LjAwMS4wODwvTXNnRGVmSWRyPjxDcmVEdD4yMDI0LTAzLTE1VDEwOjE1OjMwWjwvQ3JlRHQ+PFNnbnRyPjxkczpTaWduYXR1cmUgeG1sbnM6ZHM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvMDkveG1sZHNpZyMiPjxkczpTaWduZWRJbmZvPjxkczpDYW5vbmljYWxpemF0aW9uTWV0aG9kIEFsZ29yaXRobT0iaHR0cDovL3d3dy53My5vcmcvMjAwMS8xMC94bWwtZXhjLWMxNG4jIi8+PGRzOlNpZ25hdHVyZU1ldGhvZCBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMjEvMDQveG1sZHNpZy1tb3JlI2VkZHNhLWVkMjU1MTkiLz48ZHM6UmVmZXJlbmNlIFVSST0iIj48ZHM6VHJhbnNmb3Jtcz48ZHM6VHJhbnNmb3JtIEFsZ29yaXRobT0iaHR0cDovL3d3dy53My5vcmcvMjAwMC8wOS94bWxkc2lnI2VudmVsb3BlZC1zaWduYXR1cmUiLz48ZHM6VHJhbnNmb3JtIEFsZ29yaXRobT0iaHR0cDovL3d3dy53My5vcmcvMjAwMS8xMC94bWwtZXhjLWMxNG4jIi8+PC9kczpUcmFuc2Zvcm1zPjxkczpEaWdlc3RNZXRob2QgQWxnb3JpdGhtPSJodHRwOi8vd3d3LnczLm9yZy8yMDAxLzA0L3htbGVuYyNzaGEyNTYiLz48ZHM6RGlnZXN0VmFsdWU+VURFT1Vpb3hPWkNGTnRwbWhWMGxuenBrRUxHdjl1dU41QzZTVzJYRjF6OD08L2RzOkRpZ2VzdFZhbHVlPjwvZHM6UmVmZXJlbmNlPjwvZHM6U2lnbmVkSW5mbz48ZHM6U2lnbmF0dXJlVmFsdWU+VjZtNlJmU2dsQVdmRjZmdWgxeC9jQzQ0Rk5ZOFlWdUM2eit1dmdLd3AwN2Y2Nk1jN0p0alZ6d2ovVzQ4RDRpY0JTWlRTZHpyS25BeXFPSzFpaDVEQUE9PTwvZHM6U2lnbmF0dXJlVmFsdWU+PGRzOktleUluZm8+PGRzOktleU5hbWU+R0JXQzNMRzRLVFhNVklLVldLWDdVQ0JTM0lOQkVOTUdXS0NXRlhCWjNVNlJVREZWWU5GTDI1NVQ8L2RzOktleU5hbWU+PC9kczpLZXlJbmZvPjwvZHM6U2lnbmF0dXJlPjwvU2dudHI+PC9BcHBIZHI+PERvY3VtZW50IHhtbG5zPSJ1cm46aXNvOnN0ZDppc286MjAwMjI6dGVjaDp4c2Q6cGFjcy4wMDkuMDAxLjA4Ij4KICA8RklDZHRUcmY+CiAgICA8R3JwSGRyPgogICAgICA8TXNnSWQ+TU1MT0dCMkwtUkRNLTAwMDE8L01zZ0lkPgogICAgICA8Q3JlRHRUbT4yMDI0LTAzLTE2VDA4OjAyOjExKzA4OjAwPC9DcmVEdFRtPgogICAgICA8TmJPZlR4cz4xPC9OYk9mVHhzPgogICAgICA8U3R0bG1JbmY+CiAgICAgICAgPFN0dGxtTXRkPkNMUkc8L1N0dGxtTXRkPgogICAgICAgIDxDbHJTeXM+PFBydHJ5PkRTQTwvUHJ0cnk+PC9DbHJTeXM+CiAgICAgIDwvU3R0bG1JbmY+CiAgICA8L0dycEhkcj4KICAgIDxDZHRUcmZUeEluZj4KICAgICAgPFBtdElkPgogICAgICAgIDxJbnN0cklkPk1NTE9HQjJMLVJETS1JTlNUUi0xPC9JbnN0cklkPgogICAgICAgIDxFbmRUb0VuZElkPkVYQU1QTEUtUkRNLTAwMDE8L0VuZFRvRW5kSWQ+CiAgICAgICAgPFVFVFI+YWIxNWQxM2MtMWFiYi00YzU4LTgyZTAtZWZkY2NiMjhlNDIxPC9VRVRSPgogICAgICA8L1BtdElkPgogICAgICA8UG10VHBJbmY+PFN2Y0x2bD48UHJ0cnk+dG9rZW5pemVyLXVzZDwvUHJ0cnk+PC9TdmNMdmw+PC9QbXRUcEluZj4KICAgICAgPEludHJCa1N0dGxtQW10IENjeT0iVVNEIj4zMDA8L0ludHJCa1N0dGxtQW10PgogICAgICA8SW50ckJrU3R0bG1EdD4yMDI0LTAzLTE2PC9JbnRyQmtTdHRsbUR0PgogICAgICA8SW5zdGdBZ3Q+PEZpbkluc3RuSWQ+PEJJQ0ZJPk1NTE9HQjJMPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9JbnN0Z0FndD4KICAgICAgPEluc3RkQWd0PjxGaW5JbnN0bklkPjxCSUNGST5US05VVVMzMzwvQklDRkk+PC9GaW5JbnN0bklkPjwvSW5zdGRBZ3Q+CiAgICAgIDxEYnRyPjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvRGJ0cj4KICAgICAgPENkdHI+PEZpbkluc3RuSWQ+PEJJQ0ZJPlRLTlVVUzMzPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9DZHRyPgogICAgICA8Um10SW5mPjxVc3RyZD5SZWRlbXB0aW9uIG9mIFVTRDwvVXN0cmQ+PC9SbXRJbmY+CiAgICA8L0NkdFRyZlR4SW5mPgogIDwvRklDZHRUcmY+CjwvRG9jdW1lbnQ+PC9NZXNzYWdlPg=="
    }
  },
  "tokenizer.answerRedemption": {
    "body": {
      "financial_message_type": "iso20022:pacs.002.001.10",
      "financial_message_data": "PD94bWwgdmVyc2lvbj0iMS4wIiBlbmNvZGluZz0iVVRGLTgiPz4KPE1lc3NhZ2UgeG1sbnM9InVybjpkc3M6bWVzc2FnZToxIj48QXBwSGRyIHhtbG5zPSJ1cm46aXNvOnN0ZDppc286MjAwMjI6dGVjaDp4c2Q6aGVhZC4wMDEuMDAxLjAyIj48RnI+PEZJSWQ+PEZpbkluc3RuSWQ+PEJJQ0ZJPlRLTlVVUzMzPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9GSUlkPjwvRnI+PFRvPjxGSUlkPjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvRklJZD48L1RvPjxCaXpNc2dJZHI+VEtOVVVTMzMtUkRNLUFOUy0xPC9CaXpNc2dJZHI+PE1zZ0RlZklkcj5wYWNzLjAwMi4wMDEuMTA8L01zZ0RlZklkcj48Q3JlRHQ+MjAyNC0wMy0xNVQxMDoxNTozMFo8L0NyZUR0PjxTZ250cj48ZHM6U2lnbmF0dXJlIHhtbG5zOmRzPSJodHRwOi8vd3d3LnczLm9yZy8yMDAwLzA5L3htbGRzaWcjIj48ZHM6U2lnbmVkSW5mbz48ZHM6Q2Fub25pY2FsaXphdGlvbk1ldGhvZCBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDEvMTAveG1sLWV4Yy1jMTRuIyIvPjxkczpTaWduYXR1cmVNZXRob2QgQWxnb3JpdGhtPSJodHRwOi8vd3d3LnczLm9yZy8yMDIxLzA0L3htbGRzaWctbW9yZSNlZGRzYS1lZDI1NTE5Ii8+PGRzOlJlZmVyZW5jZSBVUkk9IiI+PGRzOlRyYW5zZm9ybXM+PGRzOlRyYW5zZm9ybSBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvMDkveG1sZHNpZyNlbnZlbG9wZWQtc2lnbmF0dXJlIi8+PGRzOlRyYW5zZm9ybSBBbGdvcml0aG09Imh0dHA6Ly93d3cudzMub3JnLzIwMDEvMTAveG1sLWV4Yy1jMTRuIyIvPjwvZHM6VHJhbnNmb3Jtcz48ZHM6RGlnZXN0TWV0aG9kIEFsZ29yaXRobT0iaHR0cDovL3d3dy53My5vcmcvMjAwMS8wNC94bWxlbmMjc2hhMjU2Ii8+PGRzOkRpZ2VzdFZhbHVlPmt0cHREK3k0R0VDYzVjOFZ5TjVaK3ZyKzY3WWJWUSs5YTcyVDJDenpYb2c9PC9kczpEaWdlc3RWYWx1ZT48L2RzOlJlZmVyZW5jZT48L2RzOlNpZ25lZEluZm8+PGRzOlNpZ25hdHVyZVZhbHVlPk9odTFLY0s5ZkFFdnhUZnRGZGVnc2FWMjB1VEtVVHE0QWNIcWQvc09DL2p2RlFMZkpJTENmeWdnWUxhbUtSV1lJS2NRODdQU3VGTnp4MktrU2dFTkFRPT08L2RzOlNpZ25hdHVyZVZhbHVlPjxkczpLZXlJbmZvPjxkczpLZXlOYW1lPkdEVFdTRU40TjNENzY2S0w0S0hDT09KWUFTVEZWQVlaWDZaMlZYS1dQUkVINjRNRzRNNDRRV0ZTPC9kczpLZXlOYW1lPjwvZHM6S2V5SW5mbz48L2RzOlNpZ25hdHVyZT48L1NnbnRyPjwvQXBwSGRyPjxEb2N1bWVudCB4bWxucz0idXJuOmlzbzpzdGQ6aXNvOjIwMDIyOnRlY2g6eHNkOnBhY3MuMDAyLjAwMS4xMCI+CiAgPEZJVG9GSVBtdFN0c1JwdD4KICAgIDxHcnBIZHI+CiAgICAgIDxNc2dJZD5US05VVVMzMy1SRE0tQU5TLTE8L01zZ0lkPgogICAgICA8Q3JlRHRUbT4yMDI0LTAzLTE2VDA4OjMwOjAwKzA4OjAwPC9DcmVEdFRtPgogICAgICA8SW5zdGdBZ3Q+PEZpbkluc3RuSWQ+PEJJQ0ZJPlRLTlVVUzMzPC9CSUNGST48L0Zpbkluc3RuSWQ+PC9JbnN0Z0FndD4KICAgICAgPEluc3RkQWd0PjxGaW5JbnN0bklkPjxCSUNGST5NTUxPR0IyTDwvQklDRkk+PC9GaW5JbnN0bklkPjwvSW5zdGRBZ3Q+CiAgICA8L0dycEhkcj4KICAgIDxPcmdubEdycEluZkFuZFN0cz48T3JnbmxNc2dJZD5NTUxPR0IyTC1SRE0tMDAwMTwvT3JnbmxNc2dJZD48T3JnbmxNc2dObUlkPnBhY3MuMDA5LjAwMS4wODwvT3JnbmxNc2dObUlkPjwvT3JnbmxHcnBJbmZBbmRTdHM+CiAgICA8VHhJbmZBbmRTdHM+CiAgICAgIDxPcmdubEluc3RySWQ+TU1MT0dCMkwtUkRNLUlOU1RSLTE8L09yZ25sSW5zdHJJZD4KICAgICAgPE9yZ25sRW5kVG9FbmRJZD5FWEFNUExFLVJETS0wMDAxPC9PcmdubEVuZFRvRW5kSWQ+CiAgICAgIDxPcmdubFVFVFI+YWIxNWQxM2MtMWFiYi00YzU4LTgyZTAtZWZkY2NiMjhlNDIxPC9PcmdubFVFVFI+CiAgICAgIDxUeFN0cz5BQ1NDPC9UeFN0cz4KICAgICAgPE9yZ25sVHhSZWY+PEludHJCa1N0dGxtQW10IENjeT0iVVNEIj4zMDA8L0ludHJCa1N0dGxtQW10PjwvT3JnbmxUeFJlZj4KICAgIDwvVHhJbmZBbmRTdHM+CiAgPC9GSVRvRklQbXRTdHNScHQ+CjwvRG9jdW1lbnQ+PC9NZXNzYWdlPg=="
    }
  },
  "member.removeFromAllowlist": {
    "body": "mm-singapore"
  },
  "member.refreshToken": {
    "body": "eyJhbGciOiJFZERTQSIsInR5cCI6IkpXVCJ9.eyJtZW1iZXJfaWRlbnRpZmljYXRpb24iOiJtbS1sb25kb24iLCJyb2xlIjoibWFuYWdlciIsImFjY291bnRzIjoiKiIsImFsbG93ZWRfaXBzIjoiKiIsImVuZHBvaW50cyI6IioiLCJzaWQiOiIyOTc3Y2JhMC00NzAzLTQ5ZDQtOWJiZi1lZjRhNWExNjY0MDkiLCJzZXNzaW9uX3N0YXJ0IjoxNzk1NTY4MDAwOTc0LCJyZWZyZXNoX2NvdW50IjowLCJpYXQiOjE3OTU1NjgwMDAuOTc0LCJleHAiOjE3OTU1Njg5MDAuOTc0LCJqdGkiOiJlZDcwNzNlNy1kZDExLTQ3NjEtODlmMi0zZTA0YWU5YzQ1NjkifQ.YTmSGXX3woW9Ujirftkl75gxk24WSi9MPR8A3BU-9Avk5KxfhkgjIysKMRbKTovivHDZtPrhNvGaZMqe3BjpAA"
  }
};
