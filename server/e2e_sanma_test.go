package server_test

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mjref/mjref/server"
)

// TestPageSanmaSeatsInChromium: under a three-player ruleset (riichi-sanma, the catalog's
// three_player) every seat the page offers in its score and settle forms is E, S or W; under
// riichi the North seat is there.
func TestPageSanmaSeatsInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	ctx, problems := browser(t)
	s, err := server.New(server.Options{Addr: "127.0.0.1:0", Rules: "riichi"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	p := tab{t, ctx}
	defer chromedp.Do(step(t, p.ctx), chromedp.Navigate("about:blank")) //nolint:errcheck // leave the page before its server closes
	p.do("open the page", chromedp.EmulateViewport(1024, 800), chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	north := `[...document.querySelectorAll('select[id^="score-"] option, select[id^="settle-"] option')].some((o) => o.value === "N")`
	seats := `document.querySelectorAll('select[id^="score-"] option, select[id^="settle-"] option').length`
	p.chooseRules("riichi")
	if !js[bool](p, north) {
		t.Errorf("riichi: no select offers the North seat (%d options)", js[int](p, seats))
	}
	for _, rules := range []string{"riichi-sanma", "riichi-sanma-majsoul"} {
		p.chooseRules(rules)
		n := js[int](p, seats)
		t.Logf("%s: %d seat options", rules, n)
		if n == 0 || js[bool](p, north) {
			t.Errorf("%s: %d seat options, the North seat among them: want E, S and W only", rules, n)
		}
	}
	if pr := problems(); len(pr) > 0 {
		t.Errorf("the page reported problems: %v", pr)
	}
}
