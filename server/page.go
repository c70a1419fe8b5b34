package server

import (
	"bytes"
	"embed"
	"html"
	"io/fs"
	"net/http"
)

// web holds the page: plain HTML, CSS and JavaScript, no build step, nothing from elsewhere.
//
//go:embed web
var web embed.FS

// staticFiles serves web/ under /static/.
func staticFiles() http.Handler {
	sub, err := fs.Sub(web, "web")
	if err != nil {
		panic(err) // web is embedded at build time: a bug if missing
	}
	files := http.StripPrefix("/static/", http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// GET /: the page. Opened with ?token=T (the URL mjref serve printed), it keeps the token in a
// cookie the page's calls carry, and sends the browser on to / so the token leaves the address bar
// and the history.
func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	if t := r.URL.Query().Get("token"); t != "" || r.URL.Query().Has("token") {
		if s.token == "" || !s.tokenIs(t) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte("mjref: this is not the token this server printed: open the URL mjref serve printed\n"))
			return
		}
		http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	b, err := web.ReadFile("web/index.html")
	if err != nil {
		fail(w, err)
		return
	}
	// The page learns the server's default ruleset (its name, and whether it is the server's own:
	// a file or overrides), whether it keeps a ledger and whether it counts a season from meta tags; no text from a request.
	ledger := "off"
	if s.ledger != nil {
		ledger = "on"
	}
	season := "off"
	if s.season != nil {
		season = "on"
	}
	own := "off"
	if s.own {
		own = "on"
	}
	b = bytes.ReplaceAll(b, []byte("{{mode}}"), []byte("served"))
	b = bytes.ReplaceAll(b, []byte("{{rules}}"), []byte(html.EscapeString(s.defName)))
	b = bytes.ReplaceAll(b, []byte("{{own}}"), []byte(own))
	b = bytes.ReplaceAll(b, []byte("{{ledger}}"), []byte(ledger))
	b = bytes.ReplaceAll(b, []byte("{{season}}"), []byte(season))
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	_, _ = w.Write(b)
}
