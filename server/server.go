// Package server is mjref's HTTP face: the JSON API that bots call and the page a table passes
// around, in the same binary as the command line. Handlers decode a request, call the engine (the
// same library calls the commands make) and write its JSON; they hold no scoring or settling logic
// of their own.
//
// It is safe by default: it binds 127.0.0.1, refuses any other address without a token, checks the
// token on every API call, bounds every body and connection, accepts no file paths from requests
// and sends headers that keep the page from being framed or fed foreign scripts.
package server

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/internal/words"
	"github.com/mjref/mjref/rulesets"
)

// DefaultAddr is where the server listens unless told otherwise: loopback only.
const DefaultAddr = "127.0.0.1:8787"

// Limits on every request and connection.
const (
	// MaxBody is the largest request body accepted: a hand, a log of events or a house ruleset
	// fits with room to spare.
	MaxBody = 256 << 10
	// MaxHeader is the largest request header block accepted: the request line, every header
	// and the blank line after them. (net/http reads MaxHeaderBytes plus 4096 bytes of slack
	// for its buffer, so the server is given MaxHeader less that slack.)
	MaxHeader = 16 << 10

	httpSlack = 4096

	readHeaderTimeout = 5 * time.Second
	readTimeout       = 15 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 60 * time.Second
	shutdownTimeout   = 10 * time.Second
)

// ErrNeedToken is the refusal to listen beyond loopback without a token.
var ErrNeedToken = errors.New("an address beyond loopback needs a token")

// RandomToken is the --token value that asks for a fresh random token.
const RandomToken = "random"

// Options configure a Server.
type Options struct {
	// Addr is host:port to listen on (DefaultAddr when empty). A host other than a loopback
	// address needs a Token.
	Addr string
	// Token, when set, is required on every API call (header "Authorization: Bearer TOKEN" or
	// the cookie the page sets). RandomToken makes a fresh one.
	Token string
	// Ledger is the evening's ledger the /v1/ledger endpoints keep (nil turns them off): the same
	// file format, lock and crash safety as the ledger commands, so the command line can read and
	// write the file between requests. Each request opens the file for that one operation; its
	// Wait is how long a request waits for another writer before it is answered 503.
	Ledger *engine.Ledger
	// Season, when set, is a club's season: its Paths (ledger files, or directories of them) are
	// counted as mjref season counts them at every GET /v1/season, and the page shows the
	// standings and a chart (mjref serve counts it once at start, so that a path that is not
	// there or evenings of mixed families refuse to start).
	Season *engine.SeasonOptions
	// Rules is the ruleset a request that names none is played under (default hk): a built-in
	// name or a file, the server's own choice (requests name built-in rulesets only), and Set the
	// overrides applied to it ("cap=13", as --set).
	Rules string
	Set   []string
	// Log receives one line per request; nil logs nothing.
	Log *slog.Logger
}

// Server is one configured mjref server. Its Handler can be used on its own (tests, another mux).
type Server struct {
	addr   string
	token  string
	ledger *engine.Ledger
	season *engine.SeasonOptions
	rules  string
	sets   []string
	// own is set when the server plays a ruleset of its own by default: a file or overrides.
	own bool
	// defName is the name of the default ruleset.
	defName string
	log     *slog.Logger
	mux     *http.ServeMux
	// loopback is set when addr is a loopback address; then Host headers are checked too.
	loopback bool
	// files are the only files a request's ruleset is read from: those the server's own ruleset
	// read at start (its file, what it extends, its card), kept in memory. No request opens a file.
	files rulesets.Files
	apiCache
	eng engines
}

// New checks the options and builds the server. A non-loopback address without a token is
// refused with ErrNeedToken.
func New(o Options) (*Server, error) {
	if o.Addr == "" {
		o.Addr = DefaultAddr
	}
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		return nil, fmt.Errorf("--addr %q: %w (write host:port, e.g. %s)", o.Addr, err, DefaultAddr)
	}
	s := &Server{addr: o.Addr, ledger: o.Ledger, season: o.Season, rules: o.Rules, sets: o.Set, log: o.Log, loopback: isLoopback(host)}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	switch o.Token {
	case "":
		if !s.loopback {
			return nil, fmt.Errorf("--addr %s: %w", o.Addr, ErrNeedToken)
		}
	case RandomToken:
		s.token = newToken()
	default:
		if err := checkToken(o.Token); err != nil {
			return nil, err
		}
		s.token = o.Token
	}
	// The server's own ruleset is opened now, so a bad file or --set is refused at start.
	s.own = len(s.sets) > 0 || s.rules != "" && !rulesets.IsBuiltin(s.rules)
	rec := &rulesets.Recorder{From: rulesets.OSFiles}
	s.files = rec
	e, err := s.engine(Table{})
	if err != nil {
		return nil, err
	}
	s.files = rec.Kept()
	s.defName = e.Ruleset().Name
	s.routes()
	return s, nil
}

// Token is the token API calls must carry, or "" when none is needed.
func (s *Server) Token() string { return s.token }

// Handler is the server's whole HTTP handler, middleware included.
func (s *Server) Handler() http.Handler {
	var h http.Handler = s.mux
	h = s.checkAccess(h)
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, fmt.Errorf("%s %s from another site: refused", r.Method, r.URL.Path),
			"a page elsewhere cannot change this server; call it from its own page or without a browser")
	}))
	h = cop.Handler(h)
	h = securityHeaders(h)
	h = s.recoverPanics(h)
	return s.logRequests(h)
}

// URL is the address a person opens, the token in it when there is one. addr is the address the
// listener got (the port chosen for ":0").
func (s *Server) URL(addr net.Addr) string {
	host := s.addr
	if addr != nil {
		host = addr.String()
	}
	if h, p, err := net.SplitHostPort(host); err == nil && (h == "" || h == "0.0.0.0" || h == "::") {
		host = net.JoinHostPort("127.0.0.1", p) // listening everywhere: loopback is one of them
	}
	u := "http://" + host + "/"
	if s.token != "" {
		u += "?token=" + s.token
	}
	return u
}

// Listen opens the server's listening socket.
func (s *Server) Listen() (net.Listener, error) {
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", s.addr, err)
	}
	return ln, nil
}

// Serve answers requests on ln until ctx is done, then shuts down gracefully: it stops accepting,
// lets requests in flight finish (up to ten seconds) and returns nil.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    MaxHeader - httpSlack,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	if e := <-done; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// isLoopback says whether host names only this machine: a loopback IP or "localhost".
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newToken is 24 random bytes, URL-safe: 192 bits no one guesses.
func newToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return base64.RawURLEncoding.EncodeToString(b)
}

// checkToken refuses a token too short to guess at or one that cannot travel in a URL or a header.
func checkToken(t string) error {
	if len(t) < 16 {
		return fmt.Errorf("--token: %s is too short to protect the server: give 16 or more, or --token %s", words.Count(len(t), "character"), RandomToken)
	}
	for _, r := range t {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.~", r)
		if !ok {
			return fmt.Errorf("--token: %q cannot be in a token: use letters, digits and - _ . ~", r)
		}
	}
	return nil
}
