package server

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"reflect"
	"strings"
	"sync"

	"github.com/mjref/mjref/schema"
)

// requestSchemas are the JSON Schemas of the request bodies, by type name ("ScoreBody"), generated
// from the types the handlers decode into by
//
//	go test ./server -run TestRequestSchemas -update
//
// (a test checks they are current; generating them at run time would link a schema reflector
// into mjref for one document).
//
//go:embed requests.json
var requestSchemas []byte

// GET /openapi.json: the API in OpenAPI 3.1. Answers are described by the contract's own schema
// files (schema/*.json, embedded), request bodies by the types the handlers decode into.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := s.openAPIDoc()
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(doc)
}

func (s *Server) openAPIDoc() ([]byte, error) {
	s.apiOnce.Do(func() { s.apiDoc, s.apiErr = buildOpenAPI(s.endpoints(), s.token != "") })
	return s.apiDoc, s.apiErr
}

type object = map[string]any

func ref(name string) object { return object{"$ref": "#/components/schemas/" + name} }

func buildOpenAPI(eps []endpoint, token bool) ([]byte, error) {
	var requests map[string]json.RawMessage
	if err := json.Unmarshal(requestSchemas, &requests); err != nil {
		return nil, fmt.Errorf("requests.json: %w", err)
	}
	schemas := object{}
	files, err := fs.Glob(schema.FS, "*.json")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		b, err := fs.ReadFile(schema.FS, f)
		if err != nil {
			return nil, err
		}
		var file object
		if err := json.Unmarshal(b, &file); err != nil {
			return nil, fmt.Errorf("schema/%s: %w", f, err)
		}
		// A schema file's shared definitions ($defs: seat, win, tile, family) become components
		// of their own, referred to from the document's root: OpenAPI tools resolve a reference
		// from there, not from the file's $id.
		defs, _ := file["$defs"].(object)
		for name, d := range defs {
			schemas[name] = d
		}
		delete(file, "$defs")
		delete(file, "$id")
		delete(file, "$schema")
		schemas[strings.TrimSuffix(f, ".json")] = toComponents(file)
	}
	errorAnswer := func(why string) object {
		return object{"description": why, "content": object{"application/json": object{"schema": ref("error")}}}
	}
	paths := object{}
	for _, e := range eps {
		op := object{"summary": e.summary, "operationId": operationID(e)}
		ok := object{"description": "the command's -o json output"}
		switch {
		case e.contentType != "":
			ok["description"] = "the answer, as " + e.contentType
			ok["content"] = object{e.contentType: object{"schema": object{"type": "string"}}}
		case e.answer != nil:
			name := RequestName(e.answer)
			if requests[name] == nil {
				return nil, fmt.Errorf("requests.json has no %s: regenerate it", name)
			}
			schemas["answer-"+name] = requests[name]
			ok["description"] = "the answer"
			ok["content"] = object{"application/json": object{"schema": ref("answer-" + name)}}
		case e.response != "":
			ok["content"] = object{"application/json": object{"schema": ref(e.response)}}
		default:
			ok["content"] = object{"application/json": object{"schema": object{"type": "object"}}}
		}
		answers := object{"200": ok, "500": errorAnswer("a bug in mjref (code 3)")}
		if e.request != nil {
			name := RequestName(e.request)
			if requests[name] == nil {
				return nil, fmt.Errorf("requests.json has no %s: regenerate it", name)
			}
			schemas["request-"+name] = requests[name]
			op["requestBody"] = object{"required": true, "content": object{"application/json": object{"schema": ref("request-" + name)}}}
			answers["400"] = errorAnswer("bad input: the hand, a field, the ruleset (code 2)")
			answers["413"] = errorAnswer("the body is over the limit")
		}
		if strings.Contains(e.path, "{") {
			answers["404"] = errorAnswer("no such name")
			op["parameters"] = []object{{"name": "name", "in": "path", "required": true, "schema": object{"type": "string"}}}
		}
		if e.method != "GET" && e.method != "HEAD" {
			answers["403"] = errorAnswer("refused: the request came from another site (a browser's cross-origin request)")
		}
		if strings.HasPrefix(e.path, "/v1/ledger") && e.method == "POST" {
			answers["503"] = errorAnswer("another process is writing the ledger: try again (code 4)")
		}
		if token {
			answers["401"] = errorAnswer("the token is missing or wrong")
		}
		op["responses"] = answers
		item, _ := paths[e.path].(object)
		if item == nil {
			item = object{}
			paths[e.path] = item
		}
		item[strings.ToLower(e.method)] = op
	}
	doc := object{
		"openapi": "3.1.0",
		"info": object{
			"title":       "mjref",
			"version":     "1",
			"description": "Score mahjong hands and referee disputes: the JSON API of mjref serve. Answers are exactly what the commands print with -o json.",
			"license":     object{"name": "MIT", "identifier": "MIT"},
		},
		// The API is served by the mjref serve that answers this document, at its own address.
		"servers":    []object{{"url": "/", "description": "the mjref serve this document came from"}},
		"security":   []object{},
		"paths":      paths,
		"components": object{"schemas": schemas},
	}
	if token {
		doc["components"].(object)["securitySchemes"] = object{
			"bearer": object{"type": "http", "scheme": "bearer"},
			"cookie": object{"type": "apiKey", "in": "cookie", "name": tokenCookie},
		}
		doc["security"] = []object{{"bearer": []string{}}, {"cookie": []string{}}}
	}
	return json.MarshalIndent(doc, "", "  ")
}

// toComponents is the schema v with its references to the file's $defs made references to the
// components of the same name.
func toComponents(v any) any {
	switch v := v.(type) {
	case object:
		for k, x := range v {
			if r, ok := x.(string); ok && k == "$ref" {
				if name, ok := strings.CutPrefix(r, "#/$defs/"); ok {
					v[k] = "#/components/schemas/" + name
				}
				continue
			}
			v[k] = toComponents(x)
		}
	case []any:
		for i, x := range v {
			v[i] = toComponents(x)
		}
	}
	return v
}

// operationID is "getRulesets", "postScore", "postLedgerHands" for an endpoint.
func operationID(e endpoint) string {
	id := strings.ToLower(e.method)
	for _, part := range strings.FieldsFunc(strings.TrimPrefix(e.path, "/v1/"), func(r rune) bool { return r == '/' || r == '.' || r == '{' || r == '}' }) {
		id += strings.ToUpper(part[:1]) + part[1:]
	}
	return id
}

// RequestName is the name of a request body type in requests.json.
func RequestName(v any) string { return reflect.TypeOf(v).Name() }

// apiCache holds the built document.
type apiCache struct {
	apiOnce sync.Once
	apiDoc  []byte
	apiErr  error
}
