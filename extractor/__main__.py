from extractor.cli import main

raise SystemExit(main())
