package server_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mjref/mjref/cmd"
	"github.com/mjref/mjref/server"
)

// newServer is a loopback server with o's other options and its handler.
func newServer(t testing.TB, o server.Options) (*server.Server, http.Handler) {
	t.Helper()
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	s, err := server.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Handler()
}

// do sends one request to h; headers are "Name: value" strings.
func do(t testing.TB, h http.Handler, method, target, body string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequest(method, target, rd)
	r.Host = "127.0.0.1:8787"
	for _, hd := range headers {
		k, v, _ := strings.Cut(hd, ": ")
		if k == "Host" {
			r.Host = v
			continue
		}
		r.Header.Add(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// cli runs mjref with args and returns its standard output; the run must exit with code.
func cli(t *testing.T, code int, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if got := cmd.Run(args, &cmd.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}); got != code {
		t.Fatalf("mjref %s: exit %d, want %d: %s", strings.Join(args, " "), got, code, errOut.String())
	}
	return out.String()
}

// schemas compiles the contract's schema files, by name ("score" for schema/score.json).
func schemas(t *testing.T) func(name string) *sjs.Schema {
	t.Helper()
	c := sjs.NewCompiler()
	return func(name string) *sjs.Schema {
		t.Helper()
		path, _ := filepath.Abs(filepath.Join("..", "schema", name+".json"))
		s, err := c.Compile(path)
		if err != nil {
			t.Fatalf("schema/%s.json: %v", name, err)
		}
		return s
	}
}

// validate checks body against schema/NAME.json.
func validate(t *testing.T, schema *sjs.Schema, name, body string) {
	t.Helper()
	v, err := sjs.UnmarshalJSON(strings.NewReader(body))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, body)
	}
	if err := schema.Validate(v); err != nil {
		t.Errorf("against schema/%s.json: %v\n%s", name, err, body)
	}
}

func TestNewRefusesBeyondLoopbackWithoutToken(t *testing.T) {
	tests := []struct {
		addr, token string
		err         string // "" for none
	}{
		{"127.0.0.1:8787", "", ""},
		{"localhost:8787", "", ""},
		{"[::1]:8787", "", ""},
		{"0.0.0.0:8787", "", "needs a token"},
		{":8787", "", "needs a token"},
		{"192.168.1.20:8787", "", "needs a token"},
		{"0.0.0.0:8787", server.RandomToken, ""},
		{"0.0.0.0:8787", "short", "too short"},
		{"0.0.0.0:8787", "a token with spaces in it", "cannot be in a token"},
		{"0.0.0.0:8787", "0123456789abcdef", ""},
		{"nonsense", "", "host:port"},
	}
	for _, tt := range tests {
		t.Run(tt.addr+" "+tt.token, func(t *testing.T) {
			s, err := server.New(server.Options{Addr: tt.addr, Token: tt.token})
			if tt.err == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if tt.token == server.RandomToken && len(s.Token()) < 32 {
					t.Errorf("random token %q is too short", s.Token())
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("err = %v, want one saying %q", err, tt.err)
			}
			if tt.err == "needs a token" && !errors.Is(err, server.ErrNeedToken) {
				t.Errorf("err = %v, want ErrNeedToken", err)
			}
		})
	}
	a, _ := server.New(server.Options{Addr: "0.0.0.0:1", Token: server.RandomToken})
	b, _ := server.New(server.Options{Addr: "0.0.0.0:1", Token: server.RandomToken})
	if a.Token() == b.Token() {
		t.Errorf("two random tokens are the same: %s", a.Token())
	}
}

func TestToken(t *testing.T) {
	const token = "0123456789abcdef-test"
	_, h := newServer(t, server.Options{Addr: "0.0.0.0:0", Token: token})
	tests := []struct {
		name    string
		headers []string
		status  int
	}{
		{"none", nil, http.StatusUnauthorized},
		{"bearer", []string{"Authorization: Bearer " + token}, http.StatusOK},
		{"bearer lowercase scheme", []string{"Authorization: bearer " + token}, http.StatusOK},
		{"wrong bearer", []string{"Authorization: Bearer 0123456789abcdef-tesT"}, http.StatusUnauthorized},
		{"basic", []string{"Authorization: Basic " + token}, http.StatusUnauthorized},
		{"prefix", []string{"Authorization: Bearer " + token[:10]}, http.StatusUnauthorized},
		{"cookie", []string{"Cookie: mjref_token=" + token}, http.StatusOK},
		{"wrong cookie", []string{"Cookie: mjref_token=nope"}, http.StatusUnauthorized},
		{"wrong header beats good cookie", []string{"Authorization: Bearer nope", "Cookie: mjref_token=" + token}, http.StatusUnauthorized},
	}
	for _, path := range []string{"/v1/rulesets", "/v1/cards", "/v1/rulesets/hk", "/v1/nowhere"} {
		for _, tt := range tests {
			t.Run(path+" "+tt.name, func(t *testing.T) {
				w := do(t, h, "GET", path, "", tt.headers...)
				want := tt.status
				if want == http.StatusOK && path == "/v1/nowhere" {
					want = http.StatusNotFound
				}
				if w.Code != want {
					t.Fatalf("status %d, want %d: %s", w.Code, want, w.Body)
				}
				if want == http.StatusUnauthorized {
					if !strings.Contains(w.Body.String(), `"code":2`) || w.Header().Get("WWW-Authenticate") == "" {
						t.Errorf("401 without the JSON error object or WWW-Authenticate: %v %s", w.Header(), w.Body)
					}
				}
			})
		}
	}
	// A play request needs it too, whatever its body.
	body := `{"hand": "123m456p789s111z55z"}`
	if w := do(t, h, "POST", "/v1/score", body); w.Code != http.StatusUnauthorized {
		t.Errorf("POST /v1/score without the token: %d", w.Code)
	}
	if w := do(t, h, "POST", "/v1/score", body, "Authorization: Bearer "+token); w.Code != http.StatusOK {
		t.Errorf("POST /v1/score with the token: %d %s", w.Code, w.Body)
	}
	// The page and its files need no token: they hold nothing but code.
	for _, path := range []string{"/", "/static/app.js"} {
		if w := do(t, h, "GET", path, ""); w.Code != http.StatusOK {
			t.Errorf("GET %s: status %d without the token", path, w.Code)
		}
	}
}

// The page gets the token from the URL once: a cookie, and the address bar without it.
func TestPageTakesTokenFromURL(t *testing.T) {
	const token = "0123456789abcdef-test"
	_, h := newServer(t, server.Options{Addr: "0.0.0.0:0", Token: token})
	w := do(t, h, "GET", "/?token="+token, "")
	if w.Code != http.StatusSeeOther || w.Header().Get("Location") != "/" {
		t.Fatalf("status %d, Location %q; want 303 to /", w.Code, w.Header().Get("Location"))
	}
	c := w.Result().Cookies()
	if len(c) != 1 || c[0].Name != "mjref_token" || c[0].Value != token || !c[0].HttpOnly || c[0].SameSite != http.SameSiteStrictMode {
		t.Fatalf("cookies %v, want one HttpOnly SameSite=Strict mjref_token", c)
	}
	if w := do(t, h, "GET", "/v1/rulesets", "", "Cookie: "+c[0].Name+"="+c[0].Value); w.Code != http.StatusOK {
		t.Errorf("with the cookie: status %d", w.Code)
	}
	if w := do(t, h, "GET", "/?token=guess", ""); w.Code != http.StatusUnauthorized || len(w.Result().Cookies()) != 0 {
		t.Errorf("a wrong token: status %d, cookies %v; want 401 and none", w.Code, w.Result().Cookies())
	}
	// A server without a token has no token to take.
	_, open := newServer(t, server.Options{})
	if w := do(t, open, "GET", "/?token="+token, ""); w.Code != http.StatusUnauthorized {
		t.Errorf("tokenless server given a token: status %d", w.Code)
	}
}

func TestSecurityHeaders(t *testing.T) {
	_, h := newServer(t, server.Options{})
	for _, path := range []string{"/", "/static/style.css", "/v1/rulesets", "/v1/nowhere"} {
		w := do(t, h, "GET", path, "")
		for k, want := range map[string]string{
			"X-Content-Type-Options": "nosniff",
			"X-Frame-Options":        "DENY",
		} {
			if got := w.Header().Get(k); got != want {
				t.Errorf("GET %s: %s = %q, want %q", path, k, got, want)
			}
		}
		csp := w.Header().Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'", "default-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("GET %s: CSP %q allows inline or eval", path, csp)
		}
	}
}

// A loopback server answers only to loopback names (no DNS rebinding), and refuses a browser's
// cross-site POST (no page elsewhere adds hands to the ledger).
func TestLoopbackRefusesForeignHostsAndSites(t *testing.T) {
	_, h := newServer(t, server.Options{})
	for host, want := range map[string]int{
		"127.0.0.1:8787":      http.StatusOK,
		"localhost:8787":      http.StatusOK,
		"[::1]:8787":          http.StatusOK,
		"localhost":           http.StatusOK,
		"evil.example:8787":   http.StatusMisdirectedRequest,
		"127.0.0.1.nip.io:80": http.StatusMisdirectedRequest,
	} {
		if w := do(t, h, "GET", "/v1/rulesets", "", "Host: "+host); w.Code != want {
			t.Errorf("Host %s: status %d, want %d", host, w.Code, want)
		}
	}
	w := do(t, h, "POST", "/v1/rulesets", `{}`, "Sec-Fetch-Site: cross-site", "Origin: https://evil.example")
	if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), `"code":2`) {
		t.Errorf("cross-site POST: status %d, want 403 with the JSON error object: %s", w.Code, w.Body)
	}
	if w := do(t, h, "POST", "/v1/score", `{"hand": "123m456p789s111z55z"}`, "Sec-Fetch-Site: same-origin", "Origin: http://127.0.0.1:8787"); w.Code != http.StatusOK {
		t.Errorf("same-origin POST (the page's own): status %d: %s", w.Code, w.Body)
	}
}

func TestNotFoundAndMethod(t *testing.T) {
	_, h := newServer(t, server.Options{})
	tests := []struct {
		method, path string
		status       int
		allow        string
	}{
		{"GET", "/v1/nowhere", http.StatusNotFound, ""},
		{"POST", "/v1/rulesets", http.StatusMethodNotAllowed, "GET"},
		{"DELETE", "/v1/rulesets/hk", http.StatusMethodNotAllowed, "GET"},
		{"GET", "/v1/rulesets/no-such-rules", http.StatusNotFound, ""},
		{"GET", "/v1/rulesets/..%2f..%2fetc%2fpasswd", http.StatusNotFound, ""},
		{"GET", "/v1/rulesets/%2Fetc%2Fpasswd", http.StatusNotFound, ""},
		{"GET", "/v1/ledger", http.StatusNotFound, ""},
	}
	errSchema := schemas(t)("error")
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			w := do(t, h, tt.method, tt.path, "")
			validate(t, errSchema, "error", w.Body.String())
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if got := w.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow %q, want %q", got, tt.allow)
			}
			if !strings.HasPrefix(w.Body.String(), `{"schema_version":1,"error":`) || w.Header().Get("Content-Type") != "application/json" {
				t.Errorf("not the JSON error object: %s %s", w.Header().Get("Content-Type"), w.Body)
			}
		})
	}
}

// The catalogue answers exactly what the commands print with -o json.
func TestCatalogMatchesCommands(t *testing.T) {
	schema := schemas(t)
	_, h := newServer(t, server.Options{})
	tests := []struct {
		path, schema string
		args         []string
	}{
		{"/v1/rulesets", "rules-list", []string{"rules", "list"}},
		{"/v1/cards", "card-list", []string{"card", "list"}},
		{"/v1/rulesets/hk", "rules-show", []string{"rules", "show", "hk"}},
		{"/v1/rulesets/hk-oldstyle", "rules-show", []string{"rules", "show", "hk-oldstyle"}},
		{"/v1/rulesets/american", "rules-show", []string{"rules", "show", "american"}},
		{"/v1/rulesets/deburger-2026", "rules-show", []string{"rules", "show", "deburger-2026"}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := do(t, h, "GET", tt.path, "")
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			want := cli(t, 0, append(tt.args, "-o", "json")...)
			if got := w.Body.String(); got != want {
				t.Errorf("GET %s differs from mjref %s -o json:\n got %.300s\nwant %.300s", tt.path, strings.Join(tt.args, " "), got, want)
			}
			if tt.schema != "" {
				validate(t, schema(tt.schema), tt.schema, w.Body.String())
			}
		})
	}
}

// Serve shuts down when its context ends: it stops accepting, lets a request in flight finish,
// and returns nil.
func TestServeShutsDownGracefully(t *testing.T) {
	s, err := server.New(server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	url := s.URL(ln.Addr())
	if !strings.HasPrefix(url, "http://127.0.0.1:") || strings.Contains(url, "token") {
		t.Errorf("URL %q", url)
	}
	resp, err := http.Get(url + "v1/rulesets")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve returned %v after shutdown", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	if c, err := net.DialTimeout("tcp", ln.Addr().String(), time.Second); err == nil {
		c.Close()
		t.Error("still accepting connections after shutdown")
	}
}

func TestURLCarriesToken(t *testing.T) {
	s, _ := server.New(server.Options{Addr: "0.0.0.0:8787", Token: "0123456789abcdef"})
	if got, want := s.URL(nil), "http://127.0.0.1:8787/?token=0123456789abcdef"; got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
}

// openAPI is the server's /openapi.json, read, with a validator for the answers it describes.
type openAPI struct {
	doc      map[string]any
	compiler *sjs.Compiler
}

func getOpenAPI(t *testing.T, h http.Handler) *openAPI {
	t.Helper()
	w := do(t, h, "GET", "/openapi.json", "")
	if w.Code != http.StatusOK {
		t.Fatalf("GET /openapi.json: %d %s", w.Code, w.Body)
	}
	v, err := sjs.UnmarshalJSON(bytes.NewReader(w.Body.Bytes()))
	if err != nil {
		t.Fatalf("/openapi.json is not JSON: %v", err)
	}
	c := sjs.NewCompiler()
	if err := c.AddResource("mem:///openapi.json", v); err != nil {
		t.Fatal(err)
	}
	return &openAPI{doc: v.(map[string]any), compiler: c}
}

// check validates an answer of method path with status against the schema /openapi.json gives it.
func (a *openAPI) check(t *testing.T, method, pattern string, status int, body string) {
	t.Helper()
	op, ok := a.doc["paths"].(map[string]any)[pattern].(map[string]any)[strings.ToLower(method)].(map[string]any)
	if !ok {
		t.Fatalf("/openapi.json has no %s %s", method, pattern)
	}
	answer, ok := op["responses"].(map[string]any)[strconv.Itoa(status)].(map[string]any)
	if !ok {
		t.Fatalf("/openapi.json: %s %s has no %d answer", method, pattern, status)
	}
	content, _ := answer["content"].(map[string]any)["application/json"].(map[string]any)
	if content == nil {
		return
	}
	ref, _ := content["schema"].(map[string]any)["$ref"].(string)
	if ref == "" {
		return
	}
	s, err := a.compiler.Compile("mem:///openapi.json" + ref)
	if err != nil {
		t.Fatalf("%s: %v", ref, err)
	}
	validate(t, s, ref, body)
}

func TestOpenAPI(t *testing.T) {
	for _, o := range []server.Options{{}, {Addr: "0.0.0.0:0", Token: server.RandomToken}} {
		s, h := newServer(t, o)
		a := getOpenAPI(t, h)
		if a.doc["openapi"] != "3.1.0" {
			t.Errorf("openapi %v", a.doc["openapi"])
		}
		paths := a.doc["paths"].(map[string]any)
		for _, e := range s.Endpoints() {
			op, ok := paths[e[1]].(map[string]any)[strings.ToLower(e[0])].(map[string]any)
			if !ok {
				t.Errorf("/openapi.json does not describe %s %s", e[0], e[1])
				continue
			}
			if _, ok := op["responses"].(map[string]any)["401"]; ok != (s.Token() != "") {
				t.Errorf("%s %s: a 401 answer is described %v with token %q", e[0], e[1], ok, s.Token())
			}
		}
		// Every schema of the contract is in it, and compiles.
		comps := a.doc["components"].(map[string]any)["schemas"].(map[string]any)
		for _, name := range []string{"score", "waits", "settle", "claim", "referee", "closest", "error", "rules-list", "card-list", "ledger-show", "ledger-add"} {
			if comps[name] == nil {
				t.Errorf("components.schemas has no %s", name)
				continue
			}
			if _, err := a.compiler.Compile("mem:///openapi.json#/components/schemas/" + name); err != nil {
				t.Errorf("components.schemas.%s: %v", name, err)
			}
		}
	}
	// The answers follow what it says.
	_, h := newServer(t, server.Options{})
	a := getOpenAPI(t, h)
	for _, p := range []string{"/v1/rulesets", "/v1/cards"} {
		a.check(t, "GET", p, 200, do(t, h, "GET", p, "").Body.String())
	}
	a.check(t, "GET", "/v1/rulesets/{name}", 404, do(t, h, "GET", "/v1/rulesets/nope", "").Body.String())
}

// requestSchema is the schema /openapi.json gives the body of method pattern.
func (a *openAPI) requestSchema(t *testing.T, method, pattern string) *sjs.Schema {
	t.Helper()
	op := a.doc["paths"].(map[string]any)[pattern].(map[string]any)[strings.ToLower(method)].(map[string]any)
	ref := op["requestBody"].(map[string]any)["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)["$ref"].(string)
	s, err := a.compiler.Compile("mem:///openapi.json" + ref)
	if err != nil {
		t.Fatalf("%s: %v", ref, err)
	}
	return s
}

// The request bodies /openapi.json describes are the ones the server takes.
func TestOpenAPIRequestBodies(t *testing.T) {
	_, h := newServer(t, server.Options{})
	a := getOpenAPI(t, h)
	tests := []struct {
		path, body string
		ok         bool
	}{
		{"/v1/score", `{"hand": "123m456p789s111z55z", "win": "self-draw", "rules": "hk", "set": {"cap": "13"}}`, true},
		{"/v1/score", `{"hand": "123m", "last_tile": true, "loser": false, "card": "sample-2026"}`, true},
		{"/v1/score", `{"hand": "123m", "seet": "S"}`, false},
		{"/v1/score", `{"win": "self-draw"}`, false},
		{"/v1/waits", `{"hand": "123m456p789s11z45s", "seen": "3s"}`, true},
	}
	for _, tt := range tests {
		v, err := sjs.UnmarshalJSON(strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		err = a.requestSchema(t, "POST", tt.path).Validate(v)
		if (err == nil) != tt.ok {
			t.Errorf("%s %s: valid %v, want %v (%v)", tt.path, tt.body, err == nil, tt.ok, err)
		}
	}
}

// The header limit is what the README says: a header block (request line included) of
// server.MaxHeader bytes is read, one of a byte more is answered 431.
func TestHeaderLimit(t *testing.T) {
	s, err := server.New(server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := s.Listen()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = s.Serve(ctx, ln) }()
	status := func(size int) string {
		t.Helper()
		head := "GET /v1/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Pad: "
		pad := size - len(head) - len("\r\n\r\n")
		req := head + strings.Repeat("a", pad) + "\r\n\r\n"
		if len(req) != size {
			t.Fatalf("request of %d bytes, want %d", len(req), size)
		}
		c, err := net.DialTimeout("tcp", ln.Addr().String(), 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(30 * time.Second))
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(c).ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(line)
	}
	if got := status(server.MaxHeader); got != "HTTP/1.1 200 OK" {
		t.Errorf("a header block of %d bytes: %s", server.MaxHeader, got)
	}
	if got := status(server.MaxHeader + 1); got != "HTTP/1.1 431 Request Header Fields Too Large" {
		t.Errorf("a header block of %d bytes: %s", server.MaxHeader+1, got)
	}
}
