package server

import (
	"crypto/subtle"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

// tokenCookie is the cookie the page keeps the token in once it has come in the URL.
const tokenCookie = "mjref_token"

// contentSecurityPolicy lets the page load only its own files: no inline script or style, no
// other origin, no framing.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaderValues are the headers securityHeaders sets, by canonical key, each value made
// once: a response takes them as they are rather than a new slice and a canonicalized key each
// (what Header.Set costs). A value's capacity is its length, so an Add appends to a copy, never
// into a slice other responses hold.
var securityHeaderValues = func() []headerValue {
	h := http.Header{}
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	var out []headerValue
	for _, k := range slices.Sorted(maps.Keys(h)) {
		out = append(out, headerValue{k, slices.Clip(h[k])})
	}
	return out
}()

// headerValue is one header: its canonical key and its value.
type headerValue struct {
	key   string
	value []string
}

// securityHeaders sets the headers every response carries.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range securityHeaderValues {
			h[kv.key] = kv.value
		}
		next.ServeHTTP(w, r)
	})
}

// checkAccess refuses what must not reach a handler: on a loopback server a Host header that names
// another machine (a page elsewhere that rebinds its name to 127.0.0.1), and an API call without
// the token when there is one.
func (s *Server) checkAccess(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.loopback {
			host, _, err := net.SplitHostPort(r.Host)
			if err != nil {
				host = r.Host
			}
			if !isLoopback(strings.Trim(host, "[]")) {
				writeError(w, http.StatusMisdirectedRequest, fmt.Errorf("host %q: this server answers only to 127.0.0.1 and localhost", r.Host), "")
				return
			}
		}
		if s.token != "" && strings.HasPrefix(r.URL.Path, "/v1/") && !s.hasToken(r) {
			w.Header().Set("WWW-Authenticate", `Bearer realm="mjref"`)
			writeError(w, http.StatusUnauthorized, fmt.Errorf("this server needs its token"),
				"send 'Authorization: Bearer TOKEN' with the token mjref serve printed, or open the URL it printed")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hasToken says whether r carries the token, in the Authorization header or the page's cookie.
func (s *Server) hasToken(r *http.Request) bool {
	if auth := r.Header.Get("Authorization"); auth != "" {
		scheme, t, ok := strings.Cut(auth, " ")
		return ok && strings.EqualFold(scheme, "Bearer") && s.tokenIs(strings.TrimSpace(t))
	}
	if c, err := r.Cookie(tokenCookie); err == nil {
		return s.tokenIs(c.Value)
	}
	return false
}

// tokenIs compares t with the token in constant time.
func (s *Server) tokenIs(t string) bool {
	return subtle.ConstantTimeCompare([]byte(t), []byte(s.token)) == 1
}

// recoverPanics turns a panic in a handler into a 500 with the JSON error object of a bug, and
// logs the stack.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				writeError(w, http.StatusInternalServerError, fmt.Errorf("internal error: %v", v), "")
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// statusWriter remembers the status and size of a response for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests logs one line per request: method, path (never the query, which may hold the
// token), status, size and time taken.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		s.log.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method),
			slog.String("path", r.URL.Path),
			slog.Int("status", sw.status),
			slog.Int("bytes", sw.bytes),
			slog.Duration("took", time.Since(start)),
			slog.String("remote", r.RemoteAddr))
	})
}
