package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/server"
)

// tsAnswers are requests whose real answers a TypeScript client generated from /openapi.json must
// accept as the types it declares: each family's, good and bad. .ci/run generates the client
// (openapi-typescript) and type-checks the answers with tsc --strict.
var tsAnswers = []struct{ method, path, pattern, body string }{
	{"GET", "/v1/catalog", "/v1/catalog", ""},
	{"GET", "/v1/rulesets", "/v1/rulesets", ""},
	{"GET", "/v1/rulesets/riichi", "/v1/rulesets/{name}", ""},
	{"GET", "/v1/rulesets/nope", "/v1/rulesets/{name}", ""},
	{"GET", "/v1/cards", "/v1/cards", ""},
	{"POST", "/v1/parse", "/v1/parse", `{"hand": "E E E Rd Rd 123s+4s [555p@W] (7777m) 2f* f"}`},
	{"POST", "/v1/parse", "/v1/parse", `{"hand": "123q"}`},
	{"POST", "/v1/score", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "self-draw"}`},
	{"POST", "/v1/score", "/v1/score", `{"hand": "123m456p789s111z55z", "win": "discard", "discarder": "W", "seat": "S", "prevailing": "S"}`},
	{"POST", "/v1/score", "/v1/score", `{"rules": "american", "hand": "NN 2026m SS 666p 66sJ"}`},
	{"POST", "/v1/score", "/v1/score", `{"rules": "deburger-2026", "hand": "123m456p789s111z55z", "loser": true}`},
	{"POST", "/v1/score", "/v1/score", `{"rules": "riichi", "hand": "234m23p456p678s99s+1p", "riichi": true, "win": "tsumo", "seat": "S"}`},
	{"POST", "/v1/score", "/v1/score", `{"hand": "123m456p789s111z55z", "seat": "Q"}`},
	{"POST", "/v1/waits", "/v1/waits", `{"hand": "123m456p789s11z45s"}`},
	{"POST", "/v1/waits", "/v1/waits", `{"rules": "riichi", "hand": "234m23p456p678s99s"}`},
	{"POST", "/v1/closest", "/v1/closest", `{"rules": "american", "hand": "NN 2026m SS 666p 66s"}`},
	{"POST", "/v1/settle", "/v1/settle", `{"hand": "123m456p789s111z55z", "win": "self-draw", "seat": "E"}`},
	{"POST", "/v1/settle", "/v1/settle", `{"rules": "deburger-2026", "prevailing": "E", "points": {"E": 10, "S": -10, "W": 0, "N": 0}}`},
	{"POST", "/v1/settle", "/v1/settle", `{"rules": "riichi", "han": 3, "fu": 30, "win": "ron", "seat": "S", "discarder": "W"}`},
	{"POST", "/v1/claim", "/v1/claim", `{"discarder": "W", "tile": "5p", "claims": "S win, N pong, E chow"}`},
}

// TestTypeScriptAnswers writes /openapi.json and answers.ts, a TypeScript module that gives each
// real answer of tsAnswers the type the generated client declares for it (its status's), and one
// value of each enum the client must refuse. With MJREF_TS_OUT=DIR it writes them there for
// .ci/run, which type-checks them with tsc --strict; without it, it checks that each answer's
// status is one /openapi.json describes.
func TestTypeScriptAnswers(t *testing.T) {
	_, h := newServer(t, server.Options{})
	dir := os.Getenv("MJREF_TS_OUT")
	if dir == "" {
		dir = t.TempDir()
	}
	spec := do(t, h, "GET", "/openapi.json", "")
	if spec.Code != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d", spec.Code)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Responses map[string]json.RawMessage `json:"responses"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(spec.Body.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString(`// Written by server/typescript_test.go: real answers of mjref serve, each typed as the client
// generated from /openapi.json (openapi-typescript) says; tsc --strict must accept every one.
import type { components, paths } from "./api";

type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> =
  paths[P][M] extends { responses: infer R } ? S extends keyof R ? R[S] extends { content: { "application/json": infer T } } ? T : never : never : never;

`)
	for i, a := range tsAnswers {
		w := do(t, h, a.method, a.path, a.body, "Content-Type: application/json")
		op, ok := doc.Paths[a.pattern][strings.ToLower(a.method)]
		if !ok {
			t.Fatalf("%s %s: not in /openapi.json", a.method, a.pattern)
		}
		if _, ok := op.Responses[fmt.Sprint(w.Code)]; !ok {
			t.Errorf("%s %s %s: status %d is not described", a.method, a.path, a.body, w.Code)
			continue
		}
		fmt.Fprintf(&b, "// %s %s %s\nexport const answer%d: Answer<%q, %q, %d> = %s;\n\n", a.method, a.path, a.body, i+1, a.pattern, strings.ToLower(a.method), w.Code, strings.TrimSpace(w.Body.String()))
	}
	// The enums are types, not strings: a client refuses a seat or a tile that is none.
	b.WriteString(`// @ts-expect-error: X is not a seat
export const notASeat: components["schemas"]["seat"] = "X";
// @ts-expect-error: 0z is not a tile
export const notATile: components["schemas"]["tile"] = "0z";
`)
	if err := os.WriteFile(filepath.Join(dir, "openapi.json"), spec.Body.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "answers.ts"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
