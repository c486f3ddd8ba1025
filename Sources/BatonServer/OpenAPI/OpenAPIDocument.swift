/// The OpenAPI 3.1 description of every route of issue 6, served at
/// `GET /openapi.json`. `OpenAPITests` checks that it parses and that every
/// route the router registers is in it with its method.
enum OpenAPIDocument {
    /// The document as JSON text.
    static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Baton",
    "version": "1.0.0",
    "description": "Self-hosted invite handoff service: invites, App Clip previews and handoffs, exactly-once redemption. Errors are {\"error\": {\"code\", \"message\", \"details\"}}; every response carries X-Request-Id."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "security": [
    {
      "apiKey": []
    }
  ],
  "paths": {
    "/v1/invites": {
      "post": {
        "operationId": "createInvite",
        "summary": "Create an invite",
        "security": [
          {
            "apiKey": [
              "invites:write"
            ]
          }
        ],
        "parameters": [
          {
            "name": "Idempotency-Key",
            "in": "header",
            "required": false,
            "description": "1-255 printable ASCII characters, scoped to the API key and kept at least 24 h. Same key and body: the stored response again with Idempotent-Replayed: true.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewInvite"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The invite with its code and token (shown only here)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CreatedInvite"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyKeyInUse409"
          },
          "413": {
            "$ref": "#/components/responses/RequestTooLarge413"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType415"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailedOrKeyReused422"
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      },
      "get": {
        "operationId": "listInvites",
        "summary": "List invites, newest first (keyset pagination)",
        "security": [
          {
            "apiKey": [
              "invites:read"
            ]
          }
        ],
        "parameters": [
          {
            "name": "family_id",
            "in": "query",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 128
            }
          },
          {
            "name": "state",
            "in": "query",
            "schema": {
              "$ref": "#/components/schemas/InviteState"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 100,
              "default": 50
            }
          },
          {
            "name": "after",
            "in": "query",
            "description": "next_cursor of the previous page",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "One page",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InviteList"
                }
              }
            }
          },
          "422": {
            "description": "A bad parameter (details.field) (validation_failed)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          }
        }
      }
    },
    "/v1/invites/batch": {
      "post": {
        "operationId": "createInvites",
        "summary": "Create up to 1,000 invites in one transaction",
        "security": [
          {
            "apiKey": [
              "invites:write"
            ]
          }
        ],
        "parameters": [
          {
            "name": "Idempotency-Key",
            "in": "header",
            "required": false,
            "description": "1-255 printable ASCII characters, scoped to the API key and kept at least 24 h. Same key and body: the stored response again with Idempotent-Replayed: true.",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 255
            }
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "invites"
                ],
                "properties": {
                  "invites": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 1000,
                    "items": {
                      "$ref": "#/components/schemas/NewInvite"
                    }
                  }
                }
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The invites in request order",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "invites"
                  ],
                  "properties": {
                    "invites": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/CreatedInvite"
                      }
                    }
                  }
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "409": {
            "$ref": "#/components/responses/IdempotencyKeyInUse409"
          },
          "413": {
            "$ref": "#/components/responses/RequestTooLarge413"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType415"
          },
          "422": {
            "$ref": "#/components/responses/ValidationFailedOrKeyReused422"
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/v1/invites/{id}": {
      "get": {
        "operationId": "getInvite",
        "summary": "An invite with its redemptions",
        "security": [
          {
            "apiKey": [
              "invites:read"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "format": "uuid"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The invite",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InviteDetail"
                }
              }
            }
          },
          "404": {
            "$ref": "#/components/responses/InviteNotFound404"
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          }
        }
      }
    },
    "/v1/invites/{id}/revoke": {
      "post": {
        "operationId": "revokeInvite",
        "summary": "Revoke an invite (idempotent; a final invite is returned unchanged)",
        "security": [
          {
            "apiKey": [
              "invites:write"
            ]
          }
        ],
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "format": "uuid"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The invite as it now is",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/InviteDetail"
                }
              }
            }
          },
          "404": {
            "$ref": "#/components/responses/InviteNotFound404"
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          }
        }
      }
    },
    "/v1/invites/{credential}/preview": {
      "get": {
        "operationId": "previewInvite",
        "summary": "What the App Clip shows, with a signed handoff",
        "security": [],
        "parameters": [
          {
            "name": "credential",
            "in": "path",
            "required": true,
            "description": "A link token or a typed code in any accepted spelling",
            "schema": {
              "type": "string",
              "maxLength": 64
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The preview",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Preview"
                }
              }
            }
          },
          "400": {
            "description": "Malformed credential, answered without a lookup (invalid_code), or a request URI with control characters (invalid_request)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "404": {
            "$ref": "#/components/responses/InviteNotFound404"
          },
          "410": {
            "$ref": "#/components/responses/InviteExpired410"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited429"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/v1/invocations": {
      "post": {
        "operationId": "resolveInvocation",
        "summary": "Resolve an App Clip invocation URL to a preview",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "url"
                ],
                "properties": {
                  "url": {
                    "type": "string"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The preview",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Preview"
                }
              }
            }
          },
          "422": {
            "description": "Not an invite URL of this host (details.reason, details.value) (invalid_invocation)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "404": {
            "$ref": "#/components/responses/InviteNotFound404"
          },
          "410": {
            "$ref": "#/components/responses/InviteExpired410"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited429"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "413": {
            "$ref": "#/components/responses/RequestTooLarge413"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType415"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/v1/handoffs/validate": {
      "post": {
        "operationId": "validateHandoff",
        "summary": "Decode and check a handoff envelope",
        "security": [],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "type": "object",
                "required": [
                  "handoff"
                ],
                "properties": {
                  "handoff": {
                    "type": "string"
                  }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The decoded envelope",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/HandoffValidation"
                }
              }
            }
          },
          "422": {
            "description": "The envelope failed a check (handoff_*)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "429": {
            "$ref": "#/components/responses/RateLimited429"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "413": {
            "$ref": "#/components/responses/RequestTooLarge413"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType415"
          }
        }
      }
    },
    "/v1/redemptions": {
      "post": {
        "operationId": "redeemInvite",
        "summary": "Redeem an invite exactly once",
        "security": [
          {
            "apiKey": [
              "redemptions:write"
            ]
          },
          {
            "redeemerJWT": []
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/RedemptionRequest"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "The receipt",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Receipt"
                }
              }
            }
          },
          "200": {
            "description": "The same redeemer again: the original receipt",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Receipt"
                }
              }
            }
          },
          "409": {
            "description": "No uses left, or this handoff was spent by another redeemer (invite_used_up, handoff_already_used)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "410": {
            "description": "The invite can no longer be used (invite_expired, invite_revoked)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "404": {
            "$ref": "#/components/responses/InviteNotFound404"
          },
          "422": {
            "description": "A bad handoff or body (handoff_*, validation_failed)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "429": {
            "$ref": "#/components/responses/RateLimited429"
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "413": {
            "$ref": "#/components/responses/RequestTooLarge413"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType415"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/v1/metrics/funnel": {
      "get": {
        "operationId": "getFunnel",
        "summary": "The redemption funnel in UTC buckets: stage counts, conversion, time to redeem, channels, rejections",
        "description": "Counts are events that occurred in each bucket (rollups plus the live tail, equal to counts over the events table). All times are UTC; from and to are widened to whole buckets (ISO weeks start Monday 00:00 UTC). Rejections cover all families and are null when family_id is given.",
        "security": [
          {
            "apiKey": [
              "metrics:read"
            ]
          }
        ],
        "parameters": [
          {
            "name": "from",
            "in": "query",
            "required": false,
            "description": "RFC 3339 date-time, inclusive; default: 7 days before to",
            "schema": {
              "type": "string",
              "format": "date-time"
            }
          },
          {
            "name": "to",
            "in": "query",
            "required": false,
            "description": "RFC 3339 date-time, exclusive; default: now",
            "schema": {
              "type": "string",
              "format": "date-time"
            }
          },
          {
            "name": "interval",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "enum": [
                "hour",
                "day",
                "week"
              ],
              "default": "day"
            }
          },
          {
            "name": "family_id",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 128
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The funnel",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FunnelReport"
                }
              }
            }
          },
          "400": {
            "description": "A bad parameter, from not before to, or more than 5,000 buckets (invalid_parameter, invalid_range, range_too_large)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          },
          "429": {
            "$ref": "#/components/responses/RateLimited429"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/invite/{token}": {
      "get": {
        "operationId": "landingPage",
        "summary": "HTML landing page with Smart App Banner and Open Graph tags",
        "security": [],
        "parameters": [
          {
            "name": "token",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 26,
              "maxLength": 26
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "A plain not-found page",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/invite/{token}/qr.svg": {
      "get": {
        "operationId": "landingQRCode",
        "summary": "QR code of the invite link",
        "security": [],
        "parameters": [
          {
            "name": "token",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string",
              "minLength": 26,
              "maxLength": 26
            }
          }
        ],
        "responses": {
          "200": {
            "description": "The QR code",
            "content": {
              "image/svg+xml": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "Unknown token"
          },
          "400": {
            "$ref": "#/components/responses/InvalidRequest400"
          },
          "503": {
            "$ref": "#/components/responses/Unavailable503"
          }
        }
      }
    },
    "/admin": {
      "get": {
        "operationId": "adminDashboard",
        "summary": "Operators' HTML dashboard: funnel, conversion, time to redeem, rejections, queue health (server-rendered SVG, no script)",
        "security": [
          {
            "adminBasic": []
          }
        ],
        "parameters": [
          { "name": "from", "in": "query", "schema": { "type": "string" }, "description": "First UTC day (YYYY-MM-DD) or RFC 3339 date-time; default 7 days before to" },
          { "name": "to", "in": "query", "schema": { "type": "string" }, "description": "Last UTC day, inclusive (YYYY-MM-DD), or RFC 3339 date-time (exclusive); default now" },
          { "name": "interval", "in": "query", "schema": { "type": "string", "enum": ["hour", "day", "week"] } },
          { "name": "family_id", "in": "query", "schema": { "type": "string", "maxLength": 128 } }
        ],
        "responses": {
          "200": {
            "description": "The dashboard",
            "content": { "text/html": { "schema": { "type": "string" } } }
          },
          "400": {
            "description": "The page with the form's error shown inline and no charts; a URI the HTTP layer refuses (control characters) gets the JSON error",
            "content": {
              "text/html": { "schema": { "type": "string" } },
              "application/json": { "schema": { "$ref": "#/components/schemas/Error" } }
            }
          },
          "401": {
            "description": "No usable API key; WWW-Authenticate: Basic realm=\"Baton admin\", charset=\"UTF-8\"",
            "content": { "text/html": { "schema": { "type": "string" } } }
          },
          "403": {
            "description": "The key lacks metrics:read",
            "content": { "text/html": { "schema": { "type": "string" } } }
          },
          "429": {
            "$ref": "#/components/responses/RateLimited429"
          }
        }
      }
    },
    "/.well-known/apple-app-site-association": {
      "get": {
        "operationId": "appleAppSiteAssociation",
        "summary": "AASA file for the app and App Clip, no redirect",
        "security": [],
        "responses": {
          "200": {
            "description": "The AASA document",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/assetlinks.json": {
      "get": {
        "operationId": "androidAssetLinks",
        "summary": "Digital Asset Links, when an Android app is configured",
        "security": [],
        "responses": {
          "200": {
            "description": "The statements",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array",
                  "items": {
                    "type": "object"
                  }
                }
              }
            }
          },
          "404": {
            "description": "No Android app configured"
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "prometheusMetrics",
        "summary": "Prometheus text exposition 0.0.4 (scope metrics:read); absent here when BATON_METRICS_LISTEN serves it elsewhere",
        "responses": {
          "200": {
            "description": "Metrics in the Prometheus text format, version 0.0.4",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "401": {
            "$ref": "#/components/responses/InvalidApiKey401"
          },
          "403": {
            "$ref": "#/components/responses/MissingScope403"
          }
        }
      }
    },
    "/healthz": {
      "get": {
        "operationId": "health",
        "summary": "The process answers",
        "security": [],
        "responses": {
          "200": {
            "description": "ok",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/readyz": {
      "get": {
        "operationId": "readiness",
        "summary": "Database reachable and migrations current",
        "security": [],
        "responses": {
          "200": {
            "description": "ready",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "Not ready (unavailable)",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              }
            }
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openAPI",
        "summary": "This document",
        "security": [],
        "responses": {
          "200": {
            "description": "OpenAPI 3.1",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "adminBasic": {
        "type": "http",
        "scheme": "basic",
        "description": "/admin only: any user name, an API key with metrics:read (or admin) as the password"
      },
      "apiKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "Authorization: Bearer <API key>; scopes invites:write, invites:read, redemptions:write, metrics:read, admin"
      },
      "redeemerJWT": {
        "type": "http",
        "scheme": "bearer",
        "bearerFormat": "JWT",
        "description": "HS256 with BATON_REDEEMER_JWT_SECRET; sub is the redeemer"
      }
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": [
          "error"
        ],
        "properties": {
          "error": {
            "type": "object",
            "required": [
              "code",
              "message",
              "details"
            ],
            "properties": {
              "code": {
                "type": "string",
                "description": "Stable snake_case machine code"
              },
              "message": {
                "type": "string"
              },
              "details": {
                "type": "object"
              }
            }
          }
        }
      },
      "InviteState": {
        "type": "string",
        "enum": [
          "active",
          "used_up",
          "expired",
          "revoked"
        ]
      },
      "NewInvite": {
        "type": "object",
        "required": [
          "family_id",
          "family_name"
        ],
        "properties": {
          "family_id": {
            "type": "string",
            "minLength": 1,
            "maxLength": 128
          },
          "family_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100,
            "description": "No control or format characters"
          },
          "inviter_id": {
            "type": "string",
            "minLength": 1,
            "maxLength": 128
          },
          "inviter_name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 100
          },
          "ttl_seconds": {
            "type": "integer",
            "minimum": 1,
            "maximum": 31536000,
            "default": 604800
          },
          "max_redemptions": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10000,
            "default": 1
          },
          "metadata": {
            "type": "object",
            "description": "At most 4 KB as compact JSON, 16 levels deep"
          }
        }
      },
      "Invite": {
        "type": "object",
        "required": [
          "id",
          "family_id",
          "family_name",
          "inviter_id",
          "inviter_name",
          "state",
          "max_redemptions",
          "redemption_count",
          "uses_left",
          "created_at",
          "expires_at",
          "metadata"
        ],
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "family_id": {
            "type": "string"
          },
          "family_name": {
            "type": "string"
          },
          "inviter_id": {
            "type": [
              "string",
              "null"
            ]
          },
          "inviter_name": {
            "type": [
              "string",
              "null"
            ]
          },
          "state": {
            "$ref": "#/components/schemas/InviteState"
          },
          "max_redemptions": {
            "type": "integer"
          },
          "redemption_count": {
            "type": "integer"
          },
          "uses_left": {
            "type": "integer",
            "description": "0 unless active"
          },
          "created_at": {
            "type": "string",
            "format": "date-time"
          },
          "expires_at": {
            "type": "string",
            "format": "date-time"
          },
          "metadata": {
            "type": "object"
          }
        }
      },
      "CreatedInvite": {
        "allOf": [
          {
            "$ref": "#/components/schemas/Invite"
          },
          {
            "type": "object",
            "required": [
              "code",
              "token",
              "link",
              "app_clip_link"
            ],
            "properties": {
              "code": {
                "type": "string",
                "description": "Typed code in display form, such as ABCDE-FGHJK"
              },
              "token": {
                "type": "string",
                "minLength": 26,
                "maxLength": 26
              },
              "link": {
                "type": "string",
                "format": "uri"
              },
              "app_clip_link": {
                "type": [
                  "string",
                  "null"
                ],
                "format": "uri"
              }
            }
          }
        ]
      },
      "InviteDetail": {
        "allOf": [
          {
            "$ref": "#/components/schemas/Invite"
          },
          {
            "type": "object",
            "required": [
              "redemptions"
            ],
            "properties": {
              "redemptions": {
                "type": "array",
                "items": {
                  "type": "object",
                  "required": [
                    "id",
                    "redeemer_id",
                    "channel",
                    "redeemed_at"
                  ],
                  "properties": {
                    "id": {
                      "type": "string",
                      "format": "uuid"
                    },
                    "redeemer_id": {
                      "type": "string"
                    },
                    "channel": {
                      "type": "string",
                      "enum": [
                        "clip",
                        "app",
                        "web",
                        "backend"
                      ]
                    },
                    "redeemed_at": {
                      "type": "string",
                      "format": "date-time"
                    }
                  }
                }
              }
            }
          }
        ]
      },
      "InviteList": {
        "type": "object",
        "required": [
          "invites",
          "next_cursor"
        ],
        "properties": {
          "invites": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Invite"
            }
          },
          "next_cursor": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "Preview": {
        "type": "object",
        "required": [
          "family_name",
          "inviter_name",
          "expires_at",
          "uses_left",
          "state",
          "handoff"
        ],
        "properties": {
          "family_name": {
            "type": "string"
          },
          "inviter_name": {
            "type": [
              "string",
              "null"
            ]
          },
          "expires_at": {
            "type": "string",
            "format": "date-time"
          },
          "uses_left": {
            "type": "integer"
          },
          "state": {
            "$ref": "#/components/schemas/InviteState"
          },
          "handoff": {
            "type": "string",
            "description": "Server-minted, MAC'd handoff envelope for the App Group"
          }
        }
      },
      "HandoffValidation": {
        "type": "object",
        "required": [
          "version",
          "kind",
          "signed",
          "payload"
        ],
        "properties": {
          "version": {
            "type": "integer"
          },
          "kind": {
            "type": "string"
          },
          "signed": {
            "type": "boolean"
          },
          "expires_at": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "payload": {
            "type": "object"
          }
        }
      },
      "RedemptionRequest": {
        "type": "object",
        "description": "Exactly one of handoff, token, code",
        "properties": {
          "handoff": {
            "type": "string"
          },
          "token": {
            "type": "string"
          },
          "code": {
            "type": "string"
          },
          "channel": {
            "type": "string",
            "enum": [
              "clip",
              "app",
              "web",
              "backend"
            ],
            "default": "app"
          },
          "redeemer_id": {
            "type": "string",
            "description": "With an API key; a JWT's sub otherwise"
          }
        }
      },
      "Receipt": {
        "type": "object",
        "required": [
          "id",
          "invite_id",
          "family_id",
          "family_name",
          "redeemer_id",
          "channel",
          "redeemed_at",
          "uses_left"
        ],
        "properties": {
          "id": {
            "type": "string",
            "format": "uuid"
          },
          "invite_id": {
            "type": "string",
            "format": "uuid"
          },
          "family_id": {
            "type": "string"
          },
          "family_name": {
            "type": "string"
          },
          "redeemer_id": {
            "type": "string"
          },
          "channel": {
            "type": "string"
          },
          "redeemed_at": {
            "type": "string",
            "format": "date-time"
          },
          "uses_left": {
            "type": "integer"
          }
        }
      },
      "FunnelReport": {
        "type": "object",
        "required": [
          "from",
          "to",
          "interval",
          "family_id",
          "time_zone",
          "buckets",
          "totals"
        ],
        "properties": {
          "from": {
            "type": "string",
            "format": "date-time"
          },
          "to": {
            "type": "string",
            "format": "date-time"
          },
          "interval": {
            "type": "string",
            "enum": [
              "hour",
              "day",
              "week"
            ]
          },
          "family_id": {
            "type": [
              "string",
              "null"
            ]
          },
          "time_zone": {
            "type": "string",
            "enum": [
              "UTC"
            ]
          },
          "buckets": {
            "type": "array",
            "maxItems": 5000,
            "items": {
              "$ref": "#/components/schemas/FunnelBucket"
            }
          },
          "totals": {
            "$ref": "#/components/schemas/FunnelTotals"
          }
        }
      },
      "FunnelStages": {
        "type": "object",
        "description": "Events per stage in a span (issued = invite.created, previewed = first previews, redeemed = redemptions, expired by the sweep, revoked)",
        "required": [
          "issued",
          "previewed",
          "redeemed",
          "expired",
          "revoked",
          "conversion",
          "redemptions_by_channel",
          "rejections_by_code"
        ],
        "properties": {
          "issued": {
            "type": "integer",
            "minimum": 0
          },
          "previewed": {
            "type": "integer",
            "minimum": 0
          },
          "redeemed": {
            "type": "integer",
            "minimum": 0
          },
          "expired": {
            "type": "integer",
            "minimum": 0
          },
          "revoked": {
            "type": "integer",
            "minimum": 0
          },
          "conversion": {
            "$ref": "#/components/schemas/FunnelConversion"
          },
          "redemptions_by_channel": {
            "type": "object",
            "required": [
              "clip",
              "app",
              "web",
              "backend"
            ],
            "properties": {
              "clip": {
                "type": "integer",
                "minimum": 0
              },
              "app": {
                "type": "integer",
                "minimum": 0
              },
              "web": {
                "type": "integer",
                "minimum": 0
              },
              "backend": {
                "type": "integer",
                "minimum": 0
              }
            },
            "additionalProperties": {
              "type": "integer",
              "minimum": 0
            }
          },
          "rejections_by_code": {
            "type": [
              "object",
              "null"
            ],
            "description": "Refusals by code, all families together; null for a family's report",
            "properties": {
              "invite_not_found": {
                "type": "integer",
                "minimum": 0
              },
              "invite_expired": {
                "type": "integer",
                "minimum": 0
              },
              "invite_revoked": {
                "type": "integer",
                "minimum": 0
              },
              "invite_used_up": {
                "type": "integer",
                "minimum": 0
              },
              "invalid_code": {
                "type": "integer",
                "minimum": 0
              },
              "rate_limited": {
                "type": "integer",
                "minimum": 0
              },
              "bad_handoff": {
                "type": "integer",
                "minimum": 0
              },
              "invalid_invocation": {
                "type": "integer",
                "minimum": 0
              }
            },
            "additionalProperties": {
              "type": "integer",
              "minimum": 0
            }
          }
        }
      },
      "FunnelBucket": {
        "allOf": [
          {
            "$ref": "#/components/schemas/FunnelStages"
          },
          {
            "type": "object",
            "required": [
              "start",
              "end"
            ],
            "properties": {
              "start": {
                "type": "string",
                "format": "date-time"
              },
              "end": {
                "type": "string",
                "format": "date-time"
              }
            }
          }
        ]
      },
      "FunnelTotals": {
        "allOf": [
          {
            "$ref": "#/components/schemas/FunnelStages"
          },
          {
            "type": "object",
            "required": [
              "time_to_redeem"
            ],
            "properties": {
              "time_to_redeem": {
                "$ref": "#/components/schemas/TimeToRedeem"
              }
            }
          }
        ]
      },
      "FunnelConversion": {
        "type": "object",
        "description": "Ratios of the span's event counts; null when the denominator is 0",
        "required": [
          "previewed_of_issued",
          "redeemed_of_previewed",
          "redeemed_of_issued"
        ],
        "properties": {
          "previewed_of_issued": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0
          },
          "redeemed_of_previewed": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0
          },
          "redeemed_of_issued": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0
          }
        }
      },
      "TimeToRedeem": {
        "type": "object",
        "description": "Seconds from creation to redemption; percentiles from a log histogram (8 bins per doubling, within 4.4 % above 1 s)",
        "required": [
          "count",
          "p50_seconds",
          "p90_seconds",
          "p99_seconds",
          "histogram"
        ],
        "properties": {
          "count": {
            "type": "integer",
            "minimum": 0
          },
          "p50_seconds": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0
          },
          "p90_seconds": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0
          },
          "p99_seconds": {
            "type": [
              "number",
              "null"
            ],
            "minimum": 0
          },
          "histogram": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "lower_seconds",
                "upper_seconds",
                "count"
              ],
              "properties": {
                "lower_seconds": {
                  "type": "number",
                  "minimum": 0
                },
                "upper_seconds": {
                  "type": "number",
                  "minimum": 0
                },
                "count": {
                  "type": "integer",
                  "minimum": 0
                }
              }
            }
          }
        }
      }
    },
    "responses": {
      "ValidationFailedOrKeyReused422": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "A field out of bounds (details.field) or the key reused with another body (validation_failed, idempotency_key_reused)"
      },
      "IdempotencyKeyInUse409": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "A request with this Idempotency-Key is still running (idempotency_key_in_use)"
      },
      "InvalidApiKey401": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "No usable API key (invalid_api_key)"
      },
      "InvalidRequest400": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "Malformed JSON, a wrong type, a malformed Idempotency-Key, or a request URI with control characters (invalid_request, invalid_idempotency_key)"
      },
      "InviteExpired410": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "The invite can no longer be used (invite_expired, invite_revoked, invite_used_up)"
      },
      "InviteNotFound404": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "No such invite (invite_not_found)"
      },
      "MissingScope403": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "The key lacks the scope (missing_scope)"
      },
      "RateLimited429": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "Rate limited; see Retry-After (rate_limited)"
      },
      "RequestTooLarge413": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "Body too large (request_too_large)"
      },
      "Unavailable503": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "Database unavailable; retry after Retry-After (unavailable)"
      },
      "UnsupportedMediaType415": {
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          }
        },
        "description": "Body is not JSON (unsupported_media_type)"
      }
    }
  }
}
"""#
}
