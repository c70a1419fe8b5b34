package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/family"
	"github.com/mjref/mjref/referee/ledger"
	"github.com/mjref/mjref/schema"
)

// Exit statuses as the JSON error object's "code" gives them (the command line's exit statuses).
const (
	codeInput = 2
	codeBug   = 3
	codeBusy  = 4
)

// classify is the HTTP status and exit code of err: 400 (code 2) for bad input, 503 (code 4) for
// a ledger another process is writing, 500 (code 3) for anything else, which is a bug.
func classify(err error) (status, code int) {
	var re *requestError
	switch {
	case errors.As(err, &re):
		if re.status >= 500 {
			return re.status, codeBug
		}
		return re.status, codeInput
	case errors.Is(err, ledger.ErrLocked):
		return http.StatusServiceUnavailable, codeBusy
	case engine.IsInput(err):
		return http.StatusBadRequest, codeInput
	}
	return http.StatusInternalServerError, codeBug
}

// fail writes err as the JSON error object with the status classify gives it, and the hint the
// error carries.
func fail(w http.ResponseWriter, err error) {
	status, _ := classify(err)
	// A request's fields by their JSON names, not their flags: as the error words them for this
	// door (family.Worded), and each body field it still names as a flag reworded.
	msg, hint := family.Worded(err, family.HTTP)
	if fw := (*fieldWords)(nil); errors.As(err, &fw) {
		msg, hint = family.Worded(fw.err, family.HTTP)
		msg, hint = reword(msg, fw.fields), reword(hint, fw.fields)
	}
	var re *requestError
	if errors.As(err, &re) && re.hint != "" {
		hint = re.hint
	}
	writeErrorText(w, status, err, msg, hint)
}

// writeError writes the JSON error object of err with status.
func writeError(w http.ResponseWriter, status int, err error, hint string) {
	writeErrorText(w, status, err, err.Error(), hint)
}

// writeErrorText writes the JSON error object of err with status, its message msg.
func writeErrorText(w http.ResponseWriter, status int, err error, msg, hint string) {
	code := codeInput
	switch {
	case status == http.StatusServiceUnavailable:
		code = codeBusy
		w.Header().Set("Retry-After", "1")
		if hint == "" {
			hint = "another process is writing the ledger: send the request again in a moment"
		}
	case status >= 500:
		code = codeBug
		if hint == "" {
			hint = "this is a bug in mjref: please report it with the request you sent"
		}
	}
	e := schema.NewError(err, code, hint)
	e.Message = schema.ShortMessage(msg)
	b, _ := json.Marshal(e)
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
