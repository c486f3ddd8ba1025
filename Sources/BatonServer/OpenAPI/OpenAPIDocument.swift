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
            "description": "Malformed credential, answered without a lookup (invalid_code)",
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
            "description": "The page with the form's error shown inline and no charts",
            "content": { "text/html": { "schema": { "type": "string" } } }
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
        "description": "Malformed JSON, a wrong type or a malformed Idempotency-Key (invalid_request, invalid_idempotency_key)"
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
