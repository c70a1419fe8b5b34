package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A handler's panic is a 500 with the JSON error object of a bug (code 3), logged with its stack.
func TestPanicIsA500(t *testing.T) {
	var logged bytes.Buffer
	s := &Server{log: slog.New(slog.NewTextHandler(&logged, nil))}
	h := s.logRequests(s.recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/v1/x", nil))
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", w.Code)
	}
	var body map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if body["code"] != float64(3) || !strings.Contains(body["error"].(string), "boom") || body["hint"] == nil {
		t.Errorf("body %v", body)
	}
	if !strings.Contains(logged.String(), "panic=boom") || !strings.Contains(logged.String(), "status=500") {
		t.Errorf("log:\n%s", logged.String())
	}
}

func TestDecodeBody(t *testing.T) {
	type req struct {
		Hand string `json:"hand"`
	}
	tests := []struct {
		name, body string
		status     int
		msg        string
	}{
		{"ok", `{"hand": "123m"}`, http.StatusOK, ""},
		{"empty", ``, http.StatusBadRequest, "empty"},
		{"unknown field", `{"hand": "123m", "hnad": "x"}`, http.StatusBadRequest, `unknown field "hnad"`},
		{"two values", `{"hand": "123m"} {}`, http.StatusBadRequest, "more than one"},
		{"not an object", `["123m"]`, http.StatusBadRequest, "expected an object, not an array"},
		{"wrong type", `{"hand": 123}`, http.StatusBadRequest, `"hand": expected a string, not a number`},
		{"bad JSON", `{"hand": `, http.StatusBadRequest, "request body"},
		{"too big", `{"hand": "` + strings.Repeat("1", MaxBody) + `"}`, http.StatusRequestEntityTooLarge, "over the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
			var v req
			err := decodeBody(w, r, &v)
			if tt.status == http.StatusOK {
				if err != nil || v.Hand != "123m" {
					t.Fatalf("err %v, value %+v", err, v)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			if status, code := classify(err); status != tt.status || code != codeInput {
				t.Errorf("classify = %d, %d; want %d, 2", status, code, tt.status)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not say %q", err, tt.msg)
			}
		})
	}
}

// The request log never writes a control character a request sent: slog quotes the path.
func TestLogEscapesControlCharacters(t *testing.T) {
	var logged bytes.Buffer
	s, err := New(Options{Addr: "127.0.0.1:0", Log: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("GET", "/v1/%1b%5b31mred%0a%07", nil)
	r.Host = "127.0.0.1:8787"
	s.Handler().ServeHTTP(httptest.NewRecorder(), r)
	out := logged.String()
	if strings.ContainsAny(strings.TrimSuffix(out, "\n"), "\x1b\x07\n") {
		t.Errorf("the log holds a control character: %q", out)
	}
	if !strings.Contains(out, `\x1b`) || !strings.Contains(out, "status=404") {
		t.Errorf("log %q", out)
	}
}
