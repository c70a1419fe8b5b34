package cmd

import (
	"fmt"
	"github.com/mjref/mjref/schema"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version, commit and date are stamped by release builds (.goreleaser.yaml):
//
//	-ldflags "-X github.com/mjref/mjref/cmd.version=1.2.0 -X github.com/mjref/mjref/cmd.commit=... -X github.com/mjref/mjref/cmd.date=..."
//
// Without them the version and revision come from the Go build info (a module version for go
// install, the VCS revision for a build in a checkout).
var version, commit, date string

func buildVersion() schema.VersionInfo {
	vi := buildInfoVersion()
	if version != "" {
		vi.Version = version
	}
	// goreleaser writes "none" and the zero time when it could not read git (a snapshot of a clone
	// without a remote): the build info's VCS stamp is better than either.
	if commit != "" && commit != "none" {
		vi.Revision, vi.Modified = commit, false
	}
	if date != "" && !strings.HasPrefix(date, "0001-") {
		vi.Time = date
	}
	return vi
}

func buildInfoVersion() schema.VersionInfo {
	vi := schema.VersionInfo{Module: "github.com/mjref/mjref", Version: "(devel)"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return vi
	}
	vi.Module, vi.Go = bi.Main.Path, bi.GoVersion
	if bi.Main.Version != "" {
		vi.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			vi.Revision = s.Value
		case "vcs.time":
			vi.Time = s.Value
		case "vcs.modified":
			vi.Modified = s.Value == "true"
		}
	}
	return vi
}

func versionString() string {
	vi := buildVersion()
	s := "mjref " + vi.Version
	if vi.Revision != "" {
		s += " (" + vi.Revision
		if vi.Modified {
			s += ", modified"
		}
		s += ")"
	}
	return s
}

func newVersionCmd(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the module version and VCS revision of this build",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			vi := buildVersion()
			if f.Output != FormatTable {
				return render(f.IO.Out, f.Output, vi)
			}
			fmt.Fprintf(f.IO.Out, "mjref %s\nmodule   %s\n", vi.Version, vi.Module)
			// A build from a module download (go install ...@v1.2.0) records its version but no
			// revision: the line is left out rather than printed as unknown.
			if rev := vi.Revision; rev != "" {
				if vi.Modified {
					rev += " (modified)"
				}
				fmt.Fprintf(f.IO.Out, "revision %s\n", rev)
			}
			if vi.Time != "" {
				fmt.Fprintf(f.IO.Out, "built    %s\n", vi.Time)
			}
			_, err := fmt.Fprintf(f.IO.Out, "go       %s\n", vi.Go)
			return err
		},
	}
}
