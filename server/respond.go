package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mjref/mjref/internal/jsonmsg"
	"io"
	"net/http"
	"sync"

	"github.com/mjref/mjref/schema"
)

// docBufs keeps the buffers answers are written in: a compact document and its indented form.
var docBufs = sync.Pool{New: func() any { return new(docBuf) }}

type docBuf struct{ compact, indented []byte }

// writeDoc writes v as the command line's -o json writes it (schema.MarshalIndent), byte for
// byte: a value that writes its own JSON does so without reflection, any other is encoded into
// a buffer kept from answer to answer, and the document is
// indented in one pass over it (indentJSON) rather than re-scanned by json.Indent.
func writeDoc(w http.ResponseWriter, status int, v any) {
	d := docBufs.Get().(*docBuf)
	defer func() {
		if cap(d.compact)+cap(d.indented) <= maxPooledDoc {
			docBufs.Put(d)
		}
	}()
	var err error
	if d.compact, err = schema.AppendDoc(d.compact[:0], v); err != nil {
		fail(w, fmt.Errorf("internal error: %w", err))
		return
	}
	d.indented = append(indentJSON(d.indented[:0], d.compact), '\n')
	w.Header()["Content-Type"] = contentTypeJSON
	w.WriteHeader(status)
	_, _ = w.Write(d.indented)
}

// contentTypeJSON is an answer's Content-Type, made once (see securityHeaderValues).
var contentTypeJSON = []string{"application/json"}

// maxPooledDoc is the most buffer an answer keeps for the next: a long referee review is not kept.
const maxPooledDoc = 256 << 10

// indentJSON appends src, compact JSON as encoding/json writes it, indented as
// json.Indent(dst, src, "", "  ") indents it: a newline and two spaces a level after each opening
// bracket and comma, a space after each colon, an empty object or array kept as {} or [].
func indentJSON(dst, src []byte) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			dst = append(dst, src[i:j]...)
			i = j - 1
		case '{', '[':
			dst = append(dst, c)
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, src[i+1])
				i++
				continue
			}
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// decodeBody reads r's body, at most MaxBody bytes, as exactly one JSON object into v; an unknown
// field is refused, so a misspelt option is never silently ignored.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	return decodeBodyUpTo(w, r, v, MaxBody)
}

// decodeBodyUpTo is decodeBody with a limit of its own (a referee log may be longer).
// A body with a fast reading (fastBody) is read whole first and read fast when it can be; when it
// cannot, the same bytes (and the read's error, if any) are decoded in full, so the answer is the
// one the full decoding gives whatever the body.
func decodeBodyUpTo(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	f, ok := v.(fastBody)
	if !ok {
		return decodeJSON(r.Body, v, limit)
	}
	buf := bodyBufs.Get().(*[]byte)
	defer func() {
		if cap(*buf) <= maxPooledBody {
			bodyBufs.Put(buf)
		}
	}()
	data, err := readAll(r.Body, (*buf)[:0])
	*buf = data
	if err == nil && f.decodeFast(data) {
		return nil
	}
	var src io.Reader = bytes.NewReader(data)
	if err != nil {
		src = io.MultiReader(src, errReader{err})
	}
	return decodeJSON(src, v, limit)
}

// bodyBufs keep the buffers request bodies are read into; a body over maxPooledBody is not kept.
var bodyBufs = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

const maxPooledBody = 16 << 10

// readAll appends what r reads to b until EOF (nil) or another error (returned).
func readAll(r io.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// errReader reads nothing but its error: the body's read error, after the bytes read before it.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// decodeJSON decodes src, a body read up to limit bytes, as exactly one JSON object into v.
func decodeJSON(src io.Reader, v any, limit int64) error {
	dec := json.NewDecoder(src)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return &requestError{status: http.StatusRequestEntityTooLarge, err: fmt.Errorf("request body: over the limit of %d KiB", limit>>10)}
		case errors.Is(err, io.EOF):
			return badRequest("request body: empty: send a JSON object")
		}
		return badRequest("request body: %s", jsonmsg.Describe(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return badRequest("request body: more than one JSON value: send one object")
	}
	return nil
}

// requestError is a request the server refuses before any library sees it.
type requestError struct {
	status int
	err    error
	hint   string
}

func (e *requestError) Error() string { return e.err.Error() }
func (e *requestError) Unwrap() error { return e.err }

func badRequest(format string, args ...any) error {
	return &requestError{status: http.StatusBadRequest, err: fmt.Errorf(format, args...)}
}

// notFound is a name (a ruleset, a card) the server does not have.
func notFound(hint, format string, args ...any) error {
	return &requestError{status: http.StatusNotFound, err: fmt.Errorf(format, args...), hint: hint}
}
