package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/schema"
)

// jsonValue draws a JSON value: objects, arrays (empty ones too), strings with quotes,
// backslashes, brackets, colons, commas and non-ASCII, numbers, booleans and null.
func jsonValue(t *rapid.T, depth int) any {
	kind := rapid.IntRange(0, 6).Draw(t, "kind")
	if depth > 3 {
		kind %= 4
	}
	text := rapid.StringOf(rapid.SampledFrom([]rune{'a', 'z', ' ', '"', '\\', '{', '}', '[', ']', ':', ',', '中', '\n', '<', '&'}))
	switch kind {
	case 0:
		return text.Draw(t, "s")
	case 1:
		return rapid.Float64().Draw(t, "f")
	case 2:
		return rapid.Bool().Draw(t, "b")
	case 3:
		return nil
	case 4, 5:
		m := map[string]any{}
		for range rapid.IntRange(0, 4).Draw(t, "fields") {
			m[text.Draw(t, "key")] = jsonValue(t, depth+1)
		}
		return m
	}
	a := []any{}
	for range rapid.IntRange(0, 4).Draw(t, "elems") {
		a = append(a, jsonValue(t, depth+1))
	}
	return a
}

// indentJSON indents as json.Indent does, on every document encoding/json writes.
func TestIndentJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var src bytes.Buffer
		enc := json.NewEncoder(&src)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(jsonValue(t, 0)); err != nil {
			t.Fatal(err)
		}
		compact := bytes.TrimSuffix(src.Bytes(), []byte("\n"))
		var want bytes.Buffer
		if err := json.Indent(&want, compact, "", "  "); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want.String(), string(indentJSON(nil, compact))); diff != "" {
			t.Fatalf("%s (-want +got):\n%s", compact, diff)
		}
	})
}

// POST /v1/score answers what schema.MarshalIndent writes for the engine's result, byte for byte,
// for every family: the Hong Kong result written without reflection too.
func TestScoreAnswerIsMarshalIndent(t *testing.T) {
	s, err := New(Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	for _, body := range scoreAnswers {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "http://127.0.0.1/v1/score", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(w, r)
		var b ScoreBody
		if err := json.Unmarshal([]byte(body), &b); err != nil {
			t.Fatal(err)
		}
		e, err := s.engine(b.Table)
		if err != nil {
			t.Fatal(err)
		}
		v, err := e.Score(b.ScoreRequest)
		if err != nil {
			if w.Code == http.StatusOK {
				t.Errorf("%s: 200, but the engine says %v", body, err)
			}
			continue
		}
		want, err := schema.MarshalIndent(v)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(want), w.Body.String()); w.Code != http.StatusOK || diff != "" {
			t.Errorf("%s: status %d (-want +got):\n%s", body, w.Code, diff)
		}
	}
}

// headerOnly is a ResponseWriter that keeps nothing but its header.
type headerOnly struct{ h http.Header }

func (w headerOnly) Header() http.Header         { return w.h }
func (w headerOnly) Write(p []byte) (int, error) { return len(p), nil }
func (w headerOnly) WriteHeader(int)             {}

// A Hong Kong score is answered without reflection and in reused buffers: a handful of
// allocations (the header's value), not the encoder's and json.Indent's dozens.
func TestScoreAnswerAllocs(t *testing.T) {
	s, err := New(Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	e, err := s.engine(Table{})
	if err != nil {
		t.Fatal(err)
	}
	v, err := e.Score(engine.ScoreRequest{Hand: "123m456p789s111z55z"})
	if err != nil {
		t.Fatal(err)
	}
	w := headerOnly{h: http.Header{}}
	if n := testing.AllocsPerRun(100, func() { writeDoc(w, http.StatusOK, v) }); n > 3 {
		t.Errorf("%v allocations an answer, want at most 3", n)
	}
}
