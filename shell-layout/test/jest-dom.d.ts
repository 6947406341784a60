// The matchers build/jest.setup.ts installs (toBeInTheDocument, toHaveClass …), for the type-checker.
/// <reference types="@testing-library/jest-dom" />
