package notation

import (
	"strings"
	"testing"
)

// TestParseSeatQuotesShort: an unknown seat is quoted short, however long (a fuzz finding: a
// 900-byte seat in a referee log made a 1,000-byte message).
func TestParseSeatQuotesShort(t *testing.T) {
	tests := []struct{ in, want string }{
		{"X", `unknown seat "X": expected E, S, W or N`},
		{strings.Repeat("0", 900), `unknown seat "000000000000000000000000…": expected E, S, W or N`},
		{strings.Repeat("東", 20), `unknown seat "東東東東東東東東…": expected E, S, W or N`},
	}
	for _, tt := range tests {
		_, err := ParseSeat(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseSeat(%.10q…) = %v, want %s", tt.in, err, tt.want)
		}
	}
}
