import { registerBlocks } from '../block-registry';
import { FeatureBlock, FeatureGridBlock, HeroBlock, LinkButtonBlock, PageBlock } from './landing-blocks';
import { FindingExplanationBlock, HelpTextBlock, LegalPageBlock } from './text-blocks';

/** Every content component the web can render, by its component name in the stories. */
registerBlocks({
  page: PageBlock,
  hero: HeroBlock,
  link_button: LinkButtonBlock,
  feature_grid: FeatureGridBlock,
  feature: FeatureBlock,
  legal_page: LegalPageBlock,
  help_text: HelpTextBlock,
  finding_explanation: FindingExplanationBlock,
});
