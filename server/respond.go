package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/mjref/mjref/internal/jsonmsg"
	"io"
	"net/http"

	"github.com/mjref/mjref/schema"
)

// writeDoc writes v as the command line's -o json writes it (schema.MarshalIndent).
func writeDoc(w http.ResponseWriter, status int, v any) {
	b, err := schema.MarshalIndent(v)
	if err != nil {
		fail(w, fmt.Errorf("internal error: %w", err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// decodeBody reads r's body, at most MaxBody bytes, as exactly one JSON object into v; an unknown
// field is refused, so a misspelt option is never silently ignored.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	return decodeBodyUpTo(w, r, v, MaxBody)
}

// decodeBodyUpTo is decodeBody with a limit of its own (a referee log may be longer).
func decodeBodyUpTo(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	dec := json.NewDecoder(r.Body)
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
